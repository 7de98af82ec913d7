import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add the types and events of a JSON export, all or none.",
        discussion: "Types already in the store (same id or name) are reused, and events already in it are skipped.")
    @Argument(help: "The JSON file `trendy export` wrote.", completion: .file(extensions: ["json"])) var file: String
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions


    func run() throws {
        // Interrupted while the file is read and checked (seconds for a large one), the import says so as it does later.
        try onMain { try Interruption.whileImporting(json: json.enabled) {
            let data = try InputFile.read(UserPath.expanded(file), what: "export file", firstPart: BackupExchange.refuseStart)
            // A file that is not an export is refused before the store is opened (or created).
            let backup = try BackupExchange.read(data)
            let events = try store.open(writing: true, creating: true)
            // Under --json, standard error holds nothing but an error: no notes of the save.
            let bar = ImportProgress(enabled: !json.enabled && backup.events.count >= ProgressBar.threshold)
            let summary = try events.require(events.importBackup(data, progress: bar.update))
            bar.finish(saved: summary.eventsAdded)
            if json.enabled {
                return try printJSON(ImportCounts(typesAdded: summary.typesAdded, eventsAdded: summary.eventsAdded,
                                                  eventsSkipped: summary.eventsSkipped))
            }
            print("Imported \(counted(summary.eventsAdded, "event")) and \(counted(summary.typesAdded, "type"))"
                  + (summary.eventsSkipped > 0
                     ? "; \(counted(summary.eventsSkipped, "event")) \(summary.eventsSkipped == 1 ? "was" : "were") already there" : "")
                  + ".")
        } }
    }
}

/// What `import --json` and `import-ics --json` print, in one vocabulary: the types and events
/// each added, and the events it skipped as already in the store. `import-ics` adds what only
/// it knows: the new types' names, the events added by type, and the events no rule matched
/// (which were not imported either, but are not in the store).
struct ImportCounts: Encodable {
    let typesAdded: Int
    let eventsAdded: Int
    let eventsSkipped: Int
    var typesAddedNames: [String]?
    var eventsAddedByType: [String: Int]?
    var eventsUnmatched: Int?
}
