import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write every event type and event as JSON.")
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"),
            transform: OutputArgument.file)
    var output: String?
    @OptionGroup var force: ForceOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let events = try store.open(writing: false)
            let data = try events.require(events.exportBackup())
            guard let output else { return print(String(decoding: data, as: UTF8.self)) }
            let written = try OutputFile.save(data, to: UserPath.expanded(output), sparing: store.url.path, force: force.enabled)
            guard written.mayBeNotedOnStandardOutput else { return }
            print("Wrote \(counted(events.eventTypes.count, "type")) and \(counted(events.events.count, "event")) to \(TerminalText.quoted(output)).")
        }
    }
}
