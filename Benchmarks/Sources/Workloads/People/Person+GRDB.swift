import GRDB

/// Hand-written GRDB record conformance: columns decoded by position in the order of
/// `databaseSelection`, encoded explicitly, no Codable. UUIDs go through GRDB's own
/// conversion, which stores the same 16-byte BLOB as the raw side.
extension Person: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "Person"

    public static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("firstName"), Column("lastName"), Column("age")]
    }

    public init(row: Row) {
        self.init(id: row[0], firstName: row[1], lastName: row[2], age: row[3])
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["firstName"] = firstName
        container["lastName"] = lastName
        container["age"] = age
    }
}
