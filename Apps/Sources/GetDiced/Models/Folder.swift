import GRDB

/// A row of `folders`: a collection folder such as Owned or a custom one.
public struct Folder: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "folders"

    /// `owned`, `wanted`, `trade`, or a UUID for custom folders.
    public var id: String
    public var name: String
    /// System folders cannot be renamed or deleted.
    public var isDefault: Bool
    public var displayOrder: Int
    /// Milliseconds since 1970.
    public var createdAt: Int64

    public init(id: String, name: String, isDefault: Bool, displayOrder: Int, createdAt: Int64) {
        self.id = id
        self.name = name
        self.isDefault = isDefault
        self.displayOrder = displayOrder
        self.createdAt = createdAt
    }

    public enum CodingKeys: String, CodingKey {
        case id, name
        case isDefault = "is_default"
        case displayOrder = "display_order"
        case createdAt = "created_at"
    }

    public static let ownedID = "owned"
    public static let wantedID = "wanted"
    public static let tradeID = "trade"

    /// The three system folders every user database has.
    public static func defaults(createdAt: Int64) -> [Folder] {
        [
            Folder(id: ownedID, name: "Owned", isDefault: true, displayOrder: 0, createdAt: createdAt),
            Folder(id: wantedID, name: "Wanted", isDefault: true, displayOrder: 1, createdAt: createdAt),
            Folder(id: tradeID, name: "Trade", isDefault: true, displayOrder: 2, createdAt: createdAt),
        ]
    }
}
