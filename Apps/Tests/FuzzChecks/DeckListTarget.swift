import Foundation
import GetDiced

/// Get Diced's deck-list import (`getdiced deck import FILE`): the list is parsed, then
/// resolved against the real card catalog (`catalogPath`) in a temporary database. A
/// deck made is deleted again.
public final class DeckListTarget: FuzzTarget {
    public static let name = "getdiced-decklist"
    let directory: URL
    let decks: DeckService

    /// The bundled catalog, never copied into the repository: `$GETDICED_CATALOG`, else
    /// `../shared/data/cards_initial.db` beside the repository (as the Get Diced tests find it).
    public static var catalogPath: String {
        if let path = ProcessInfo.processInfo.environment["GETDICED_CATALOG"], !path.isEmpty { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../shared/data/cards_initial.db").standardizedFileURL.path
    }

    public init() throws {
        let catalog = Self.catalogPath
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-getdiced-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try GetDicedDatabase.initialize(at: directory.appendingPathComponent("user.db").path, fromCatalog: catalog)
        decks = DeckService(database: database)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    public func run(_ data: Data) throws {
        // The tool refuses a file that is not UTF-8 before parsing.
        guard let text = String(data: data, encoding: .utf8) else { return }
        do {
            let list = try DeckList.parse(text)
            let result = try decks.importDeckList(list, name: list.name ?? "Fuzzed", allowUnresolved: data.first.map { $0 & 1 == 1 } ?? false)
            _ = try decks.deleteDeck(result.deck.id)
        } catch {
            try ErrorCheck.judge(error) { message in
                // A deck name already taken, or a name or folder refused, is about the
                // list's Name:/Format: line, which the message quotes.
                ErrorCheck.namesLineOrField(message) || message.contains("deck")
            }
        }
    }
}
