import ArgumentParser
import CommandLineSupport
import Foundation
import GetDiced

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database from a card catalog file.",
        discussion: """
            Copies the catalog, adds the collection and deck tables with their default folders, \
            and sets the schema version to 4. The catalog file itself is only read. An existing \
            database is never overwritten.
            """)

    @Option(
        help: ArgumentHelp("The catalog to start from (default: $GETDICED_CATALOG).", valueName: "PATH"),
        completion: .file())
    var catalog: String?

    @OptionGroup var json: JSONOption

    @OptionGroup var database: DatabaseOptions

    /// What `init --json` prints: the database made and its row counts.
    struct Created: Encodable {
        var database: String
        var catalog: String
        var summary: DatabaseSummary
    }

    func run() throws {
        guard let catalog = catalog ?? ProcessInfo.processInfo.environment[DefaultDatabasePath.catalogVariable],
              !catalog.isEmpty
        else {
            throw ToolError("Name the catalog to start from: getdiced init --catalog PATH.")
        }
        try database.checkPath()
        try InputFile.check(UserPath.expanded(catalog), what: "catalog")
        if !FileManager.default.fileExists(atPath: database.path) { try database.checkNewPath() }
        if !FileManager.default.fileExists(atPath: database.path),
           let problem = CreationMask.problem(creating: database.path, what: "database", tool: "getdiced") {
            throw ToolError(problem)
        }
        let created = try GetDicedDatabase.initialize(
            at: database.path, fromCatalog: UserPath.expanded(catalog))
        let kept = created.migrationReport.legacyEntriesKept
        if !kept.isEmpty {
            Output.note("\(counted(kept.count, "legacy user_cards row")) \(kept.count == 1 ? "names a card" : "name cards") the catalog lacks; \(kept.count == 1 ? "it stays" : "they stay") in user_cards.")
        }
        let summary = try created.summary()
        if json.enabled { return try Output.json(Created(database: database.path, catalog: catalog, summary: summary)) }
        print("""
            Created \(TerminalText.quoted(database.path)) from \(TerminalText.quoted(catalog)): \(counted(summary.cards, "card")), \
            \(counted(summary.folders, "collection folder")), \(counted(summary.deckFolders, "deck folder")), \
            \(counted(summary.decks, "deck")), schema version \(summary.userVersion).
            """)
    }
}
