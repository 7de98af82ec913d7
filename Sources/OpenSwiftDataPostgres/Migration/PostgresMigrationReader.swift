#if PostgreSQL
import Foundation
import OpenSwiftData

/// PostgreSQL's answers to a migration's checks (``MigrationChecks``), read on the
/// migration's session, inside its transaction.
struct PostgresMigrationReader: MigrationReading {
    let session: PostgresSession

    func count(_ sql: String) throws -> Int {
        guard case let .bigint(count)? = try session.query(sql).first?[0] else { return 0 }
        return Int(count)
    }

    func firstRow(_ sql: String) throws -> [String]? {
        try session.query(sql).first.map { $0.values.map(Self.describe) }
    }

    func keepsColumn(_ column: AddedColumn, of entity: EntityDiff) throws -> Bool {
        guard let attribute = column.attribute, let codec = PostgresAttributeCodec(attribute: attribute) else { return false }
        return try PostgresCatalogue.columnTypes(of: entity.stored.name, on: session)[column.name] == codec.columnType.catalogueName
    }

    /// A value as a migration's message shows it.
    private static func describe(_ value: PostgresValue) -> String {
        switch value {
        case .null: "nil"
        case let .bigint(value): String(value)
        case let .double(value): String(value)
        case let .boolean(value): String(value)
        case let .text(value), let .jsonb(value): "\"\(value)\""
        case let .numeric(value): "\(value)"
        case let .uuid(value): value.uuidString
        case let .bytea(data): "<\(data.count) bytes>"
        case let .array(_, elements): "[" + elements.map(describe).joined(separator: ", ") + "]"
        }
    }
}
#endif
