#if PostgreSQL
import OpenSwiftData

/// What PostgreSQL's SQL needs that SQLite's does not, in one place: identifier
/// quoting and length, bind placeholders, key sets, column types, index names, and the key of
/// the lock that serialises schema creation.
public enum PostgresDialect {
    /// PostgreSQL cuts identifiers longer than this (NAMEDATALEN - 1) without an error.
    public static let maximumIdentifierBytes = 63

    /// An identifier in double quotes, each double quote doubled; names keep their case.
    public static func quote(_ identifier: String) -> String {
        "\"" + identifier.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// The placeholder of the `index`th bind, counted from 1: `$1`, `$2`, …
    public static func placeholder(_ index: Int) -> String { "$\(index)" }

    /// `$1`, an array of keys, as a set to match a column against: the server hashes it
    /// or probes an index with it (a semi-join), where `= ANY($1)` compared each row with
    /// every key in turn whenever the plan scanned the table (seconds for a thousand
    /// owners, and for deleting ten thousand rows by key from a table without statistics).
    static let keysParameter = "(SELECT unnest($1::bigint[]))"

    /// The column type of an attribute; see ``PostgresAttributeCodec`` for the mapping.
    public static func columnType(of attribute: Schema.Attribute, in entity: Schema.Entity) throws(PostgresStoreError) -> PostgresColumnType {
        guard let codec = PostgresAttributeCodec(attribute: attribute) else {
            throw .unsupportedAttributeType(entity: entity.name, attribute: attribute.name, typeName: "\(attribute.valueType)")
        }
        return codec.columnType
    }

    /// The column type of a to-one relationship's key, an order column, and `Z_PK`.
    public static let keyColumnType = "BIGINT"

    /// The name of an index, as the SQLite store names it (`<table>_<kind>_<columns>`),
    /// shortened when it would pass 63 bytes: PostgreSQL would cut it silently, and two
    /// long names that begin alike would then collide. The short form keeps the start
    /// and adds a hash of the whole name.
    public static func indexName(table: String, kind: String, columns: [String]) -> String {
        shortened("\(table)_\(kind)_\(columns.joined(separator: "_"))")
    }

    /// A derived name (of an index) cut to 63 bytes with a hash of the whole name, so that
    /// names that begin alike stay apart.
    static func shortened(_ full: String) -> String {
        guard full.utf8.count > maximumIdentifierBytes else { return full }
        let suffix = "_" + String(fnv1a64(full) & 0xFFFF_FFFF, radix: 16)
        var prefix = ""
        for character in full {
            guard prefix.utf8.count + String(character).utf8.count + suffix.utf8.count <= maximumIdentifierBytes else { break }
            prefix.append(character)
        }
        return prefix + suffix
    }

    /// Refuses a table or column name PostgreSQL would cut.
    static func checkIdentifier(_ name: String, entity: String) throws(PostgresStoreError) {
        guard name.utf8.count <= maximumIdentifierBytes else {
            throw .identifierTooLong(name, entity: entity)
        }
    }

    /// The text whose hash keys the advisory lock of schema creation in a schema; the
    /// lock is per database, so the schema's name tells the stores of one database apart.
    static func schemaLockName(schema: String?) -> String {
        "OpenSwiftData schema creation in " + (schema ?? "the default schema")
    }

    /// FNV-1a: a stable hash (Swift's `Hasher` is seeded per process).
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
#endif
