import Foundation
import GRDB

/// The schema a store was last written with, kept in the store itself, in the
/// `Z_METADATA` key-value table:
///
/// - `schemaVersion`: the `Schema.Version`, as `1.0.0`;
/// - `schema`: the `StoredSchema` as JSON, which migrations diff against;
/// - `entities`: the entity names, comma-separated (what the first stores recorded).
enum StoreMetadata {
    static let table = "Z_METADATA"

    /// What the store says about itself; nil members when it does not say.
    struct Contents {
        var version: Schema.Version?
        var schema: StoredSchema?
        var hasTable: Bool
    }

    /// Reads the record. A recorded schema whose JSON is `known`'s, as it is on
    /// every open of an up-to-date store, is taken without decoding it.
    static func read(_ db: Database, knowing known: StoredSchema.Encoded? = nil) throws -> Contents {
        // Asked of SQLite itself: GRDB's `tableExists` first reads every table and index of
        // the store into its cache, which costs each open more than the rest of this read.
        let hasTable = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE",
                                        arguments: [table]) == 1
        guard hasTable else { return Contents(version: nil, schema: nil, hasTable: false) }
        // A row another program or a damaged page left without text in either column says
        // nothing: the record is read from the rows that do.
        let rows = try Row.fetchAll(db, sql: "SELECT \"key\", \"value\" FROM \(table)")
        let values = Dictionary(rows.compactMap { (row: Row) -> (String, String)? in
            guard let key = String.fromDatabaseValue(row[0]), let value = String.fromDatabaseValue(row[1]) else { return nil }
            return (key, value)
        }, uniquingKeysWith: { a, _ in a })
        let version = values["schemaVersion"].flatMap(Schema.Version.init(parsing:))
        var schema: StoredSchema?
        if let json = values["schema"] {
            if let known, json == known.json {
                schema = known.schema
            } else {
                do {
                    schema = try StoredSchema(json: json)
                } catch {
                    throw OpenSwiftDataError.migrationFailed("the schema recorded in the store's \(table) table cannot be read: \(error); the store was not changed")
                }
            }
        }
        return Contents(version: version, schema: schema, hasTable: true)
    }

    static func record(_ schema: StoredSchema.Encoded, version: Schema.Version, in db: Database) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(table) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
        try db.execute(sql: "INSERT OR REPLACE INTO \(table) (\"key\", \"value\") VALUES ('schemaVersion', ?), ('schema', ?), ('entities', ?)",
                       arguments: [version.description, schema.json, schema.schema.entities.map(\.name).joined(separator: ",")])
    }
}

extension StoredSchema {
    /// A schema with the JSON the store records for it.
    package struct Encoded {
        package let schema: StoredSchema
        package let json: String

        package init(_ schema: StoredSchema) {
            self.schema = schema
            self.json = schema.json
        }
    }
}

extension Schema.Version {
    /// Parses `major.minor.patch`, as `description` writes it.
    init?(parsing text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2] else { return nil }
        self.init(major, minor, patch)
    }
}
