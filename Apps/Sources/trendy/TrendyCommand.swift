import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

@main
struct TrendyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trendy",
        abstract: "Trendy: track events (a glass of water, a workout) and see their trends.",
        discussion: """
            Every command works on one store, by default \(DataFolder.defaultStore(app: "Trendy").path); \
            give --store PATH to use another. Every command but export takes --json for scripts: \
            a command that changes the store prints what it changed as the listing does. Times are \
            written 2026-03-01 08:30 (or 08:30 for today), in your time zone. With no \
            command, trendy lists the events.

            Start with:
              trendy demo                          sample types and four weeks of events, with charts
              trendy types add Water --color #0A84FF
              trendy log Water --note "a big glass"
              trendy list --type Water --from 2026-03-01
              trendy import-ics calendar.ics --rule gym=Workout
              trendy stats --period week
            """,
        version: ToolVersion.string,
        subcommands: [
            ListCommand.self, TypeCommand.self, LogCommand.self, EditCommand.self, DeleteCommand.self,
            ImportICSCommand.self, ExportCommand.self, ImportCommand.self, StatsCommand.self, FollowCommand.self, DemoCommand.self,
        ],
        defaultSubcommand: ListCommand.self)

    // Declared here too so that `trendy --store PATH list` works as well as
    // `trendy list --store PATH`: ArgumentParser hands a parent's option values to a
    // subcommand's option group of the same shape.
    @OptionGroup var store: StoreOptions

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var words = EngineErrorMessage.trendy
        words.storePath = CommandRunner.value(of: "--store", in: arguments) ?? DataFolder.defaultStore(app: "Trendy").path
        CommandRunner.main(TrendyCommand.self, arguments: arguments, translate: words.translate)
    }
}
