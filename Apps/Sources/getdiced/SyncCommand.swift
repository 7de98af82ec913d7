import ArgumentParser
import CommandLineSupport
import Foundation
import GetDiced

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Replace the card catalog from a newer catalog file, keeping folders and decks.",
        discussion: """
            Every folder, folder card, deck and deck card is kept, including those whose card \
            the new catalog no longer has; those are listed. On any error nothing changes.
            """)

    @Option(help: ArgumentHelp("The newer catalog file.", valueName: "PATH"), completion: .file())
    var catalog: String

    @OptionGroup var json: JSONOption

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try InputFile.check(UserPath.expanded(catalog), what: "catalog")
        let sync = CatalogSync(database: try database.open())
        let report = try Interruption.whileImporting("The sync", store: "the database", json: json.enabled) {
            try sync.sync(fromCatalog: UserPath.expanded(catalog))
        }
        if json.enabled {
            try Output.json(report)
            return
        }
        print("""
            Synced from \(catalog.forTerminal): \(report.cardsBefore) → \(report.cardsAfter) cards \
            (\(report.cardsAdded) added, \(report.cardsRemoved) removed).
            """)
        guard !report.missingCards.isEmpty else { return }
        print("\(report.missingCards.count) saved entr\(report.missingCards.count == 1 ? "y names a card" : "ies name cards") the catalog no longer has; kept as they are:")
        for entry in report.missingCards {
            print("  \(entry.kind) '\(entry.ownerName.forTerminal)', \(entry.detail.forTerminal): \((entry.cardName ?? "?").forTerminal) [\(entry.cardUUID)]")
        }
    }
}
