import GRDB

/// A row of `deck_folders`: a folder of decks, one per format by default.
public struct DeckFolder: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "deck_folders"

    /// `singles`, `tornado`, `trios`, `tag`, or a UUID for custom folders.
    public var id: String
    public var name: String
    /// System folders cannot be renamed or deleted.
    public var isDefault: Bool
    public var displayOrder: Int

    public init(id: String, name: String, isDefault: Bool, displayOrder: Int) {
        self.id = id
        self.name = name
        self.isDefault = isDefault
        self.displayOrder = displayOrder
    }

    public enum CodingKeys: String, CodingKey {
        case id, name
        case isDefault = "is_default"
        case displayOrder = "display_order"
    }

    /// The four system folders, one per format.
    public static let defaults: [DeckFolder] = DeckFormat.allCases.enumerated().map { index, format in
        DeckFolder(id: format.deckFolderID, name: format.name, isDefault: true, displayOrder: index)
    }
}
