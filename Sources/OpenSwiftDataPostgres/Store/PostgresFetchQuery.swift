import Foundation
import OpenSwiftData

/// The SQL of a fetch descriptor on the PostgreSQL store: its condition (the engine's
/// predicate translation in PostgreSQL's dialect), its order and its window. What the
/// store cannot say in SQL it leaves to the context, by throwing
/// ``DataStoreError/preferInMemoryFilter`` or ``DataStoreError/preferInMemorySort``
/// (the context then applies the predicate, the sort and the window itself).
struct PostgresFetchQuery {
    var condition: String?
    var binds: [PostgresValue] = []
    private var orderBy: String
    private var window: String

    init<T: PersistentModel>(descriptor: FetchDescriptor<T>, mapping: PostgresEntityMapping) throws {
        if let predicate = descriptor.predicate {
            let translated = try TranslatedCondition(predicate, dialect: .postgres)
            guard translated.isComplete, let sql = translated.sql else { throw DataStoreError.preferInMemoryFilter }
            condition = sql
            binds = try translated.arguments.map(Self.bind)
        }
        var terms: [String] = []
        if !descriptor.sortBy.isEmpty {
            guard let sorted = T._$entity.sortedAttributes(descriptor.sortBy) else { throw DataStoreError.preferInMemorySort }
            for (attribute, ascending) in sorted {
                guard let codec = PostgresAttributeCodec(attribute: attribute), Self.ordersAsSwift(codec) else {
                    throw DataStoreError.preferInMemorySort
                }
                // Swift puts nil first in ascending order; PostgreSQL puts NULL last.
                let collation = codec.columnType == PostgresColumnType.text ? " COLLATE \"C\"" : ""
                terms.append("t.\(PostgresDialect.quote(attribute.name))\(collation) " + (ascending ? "ASC NULLS FIRST" : "DESC NULLS LAST"))
            }
        }
        terms.append("t.\"Z_PK\"")
        orderBy = " ORDER BY " + terms.joined(separator: ", ")
        var window = ""
        if let limit = descriptor.fetchLimit { window += " LIMIT \(max(limit, 0))" }
        if let offset = descriptor.fetchOffset, offset > 0 { window += " OFFSET \(offset)" }
        self.window = window
    }

    /// The column's order is the Swift type's `<`: numbers, dates (seconds), decimals,
    /// UUIDs (bytewise, as `UUID.<`), booleans, and text in code point order (the "C"
    /// collation). Enums keep their own `<` and JSON values have none: they sort in Swift.
    private static func ordersAsSwift(_ codec: PostgresAttributeCodec) -> Bool {
        let type = (codec.valueType as? any OptionalValue.Type)?.wrappedType ?? codec.valueType
        guard ObjectIdentifier(type) == ObjectIdentifier(codec.storedType) else { return false }
        switch codec.columnType {
        case .bigint, .doublePrecision, .numeric, .uuid, .boolean, .text: return true
        case .bytea, .jsonb: return false
        }
    }

    /// A captured value in the type its column has (see ``PostgresAttributeCodec``);
    /// a value without one (a row's key) as SQLite stores it.
    private static func bind(_ argument: (stored: DefaultSnapshot.Value, constant: Any?)) throws -> PostgresValue {
        if let constant = argument.constant, let codec = PostgresAttributeCodec(for: type(of: constant)) {
            return try codec.encode(constant)
        }
        switch argument.stored {
        case let .integer(value): return .bigint(value)
        case let .real(value): return .double(value)
        case let .text(value): return .text(value)
        case let .bytes(value): return .bytea(value)
        case .null, .model, .models: return .null
        }
    }

    /// No order: a count needs none, but keeps the window.
    mutating func dropsSort() { orderBy = "" }

    var orderAndWindow: String { orderBy + window }
}
