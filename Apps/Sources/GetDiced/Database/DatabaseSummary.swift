import GRDB

/// Row counts of every table and the schema version: what a database holds.
public struct DatabaseSummary: Codable, Hashable, Sendable {
    public var cards: Int
    public var folders: Int
    public var folderCards: Int
    public var deckFolders: Int
    public var decks: Int
    public var deckCards: Int
    public var relatedFinishes: Int
    public var relatedCards: Int
    public var userVersion: Int

    public enum CodingKeys: String, CodingKey {
        case cards, folders, decks
        case folderCards = "folder_cards"
        case deckFolders = "deck_folders"
        case deckCards = "deck_cards"
        case relatedFinishes = "card_related_finishes"
        case relatedCards = "card_related_cards"
        case userVersion = "user_version"
    }
}

extension GetDicedDatabase {
    /// Counts the rows of every table.
    public func summary() throws -> DatabaseSummary {
        try read { db in
            func count(_ table: String) throws -> Int {
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            }
            return DatabaseSummary(
                cards: try count("cards"), folders: try count("folders"), folderCards: try count("folder_cards"),
                deckFolders: try count("deck_folders"), decks: try count("decks"), deckCards: try count("deck_cards"),
                relatedFinishes: try count("card_related_finishes"), relatedCards: try count("card_related_cards"),
                userVersion: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
        }
    }
}
