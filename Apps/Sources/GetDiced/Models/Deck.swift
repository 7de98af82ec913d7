import GRDB

/// A row of `decks`.
public struct Deck: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "decks"

    public var id: String
    public var folderID: String
    public var name: String
    public var spectacleType: SpectacleType
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Milliseconds since 1970.
    public var modifiedAt: Int64

    public init(
        id: String, folderID: String, name: String, spectacleType: SpectacleType = .valiant,
        createdAt: Int64, modifiedAt: Int64
    ) {
        self.id = id
        self.folderID = folderID
        self.name = name
        self.spectacleType = spectacleType
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }

    public enum CodingKeys: String, CodingKey {
        case id
        case folderID = "folder_id"
        case name
        case spectacleType = "spectacle_type"
        case createdAt = "created_at"
        case modifiedAt = "modified_at"
    }
}
