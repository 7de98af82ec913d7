#if PostgreSQL
import Foundation
import OpenSwiftData

/// The SQL of a fetch on the PostgreSQL store: the part of the predicate PostgreSQL
/// can say (the engine's translation in PostgreSQL's dialect), its order and its
/// window, and what it leaves to the context: the rest of the predicate, a sort on a
/// type whose order only Swift knows, and, when the context holds unsaved changes that
/// the fetch must reflect, what those changes could alter.
struct PostgresFetchQuery {
    var condition: String?
    var binds: [PostgresValue] = []
    private var orderBy: String
    private var window: String
    /// The terms of the ORDER BY clause (the row's key last, to break ties).
    let orderTerms: String
    /// A `fetchLimit` or `fetchOffset` narrows the results.
    let hasWindow: Bool
    let outcome: StoreFetchOutcome
    /// Why parts run in Swift.
    private(set) var reasons: [String] = []
    /// When Swift filters: SQL true for the rows `condition` keeps that only Swift can
    /// decide (the others match); nil when there is no such line.
    private(set) var undecided: String?

    /// - Parameter decided: the caller found no row that only Swift can decide
    ///   (``undecided``), so the condition is the whole predicate.
    init<T: PersistentModel>(_ request: StoreFetchRequest<T>, mapping: PostgresEntityMapping, decided: Bool = false) throws {
        let descriptor = request.descriptor
        let merges = request.pendingEntities.contains(mapping.entityName)
        var filtersInSwift = false
        if let predicate = descriptor.predicate {
            let translated = try TranslatedCondition(predicate, dialect: .postgres)
            // The SQL would read the stored state of related models this context has changed.
            reasons = translated.reasons
            if !request.pendingEntities.isDisjoint(with: translated.touchedTables) {
                filtersInSwift = true
                reasons.append("unsaved changes to related models in this context")
            } else {
                filtersInSwift = !translated.isComplete && !(decided && translated.undecided != nil)
                undecided = filtersInSwift ? translated.undecided : nil
                if !filtersInSwift { reasons = [] }
                condition = translated.sql
                binds = try translated.arguments.map(Self.bind)
            }
        }
        var terms: [String] = []
        var sortsInSwift = false
        if !descriptor.sortBy.isEmpty {
            if let sorted = T._$entity.sortedColumns(descriptor.sortBy) {
                for (attribute, field, ascending) in sorted {
                    let column = "t.\(PostgresDialect.quote(attribute.name))"
                    let term: String
                    if let field {
                        // A field of a Codable attribute, read as its queries read it.
                        guard let read = SQLDialect.postgres.jsonField(column: column, field) else {
                            sortsInSwift = true
                            break
                        }
                        term = read + (field.kind == .text || field.kind == .uuid ? " COLLATE \"C\"" : "")
                    } else {
                        guard let codec = PostgresAttributeCodec(attribute: attribute), Self.ordersAsSwift(codec) else {
                            sortsInSwift = true
                            break
                        }
                        term = column + (codec.columnType == PostgresColumnType.text ? " COLLATE \"C\"" : "")
                    }
                    // Swift puts nil first in ascending order; PostgreSQL puts NULL last.
                    terms.append(term + (ascending ? " ASC NULLS FIRST" : " DESC NULLS LAST"))
                }
            } else {
                sortsInSwift = true
            }
            if sortsInSwift {
                terms = []
                reasons.append("a sort on a value whose order PostgreSQL does not share with Swift")
            }
            sortsInSwift = sortsInSwift || merges
        }
        terms.append("t.\"Z_PK\"")
        orderTerms = terms.joined(separator: ", ")
        orderBy = " ORDER BY " + orderTerms
        let offset = max(descriptor.fetchOffset ?? 0, 0)
        hasWindow = descriptor.fetchLimit != nil || offset > 0
        let windowsInSwift = hasWindow && (filtersInSwift || sortsInSwift || merges)
        var window = ""
        if hasWindow && !windowsInSwift {
            if let limit = descriptor.fetchLimit { window += " LIMIT \(max(limit, 0))" }
            if offset > 0 { window += " OFFSET \(offset)" }
        }
        self.window = window
        outcome = StoreFetchOutcome(mergesPendingChanges: merges, filtersInSwift: filtersInSwift, sortsInSwift: sortsInSwift,
                                    windowsInSwift: windowsInSwift)
    }

    /// True when the SQL alone gives the fetch's results, in order.
    var isSQLOnly: Bool {
        !outcome.filtersInSwift && !outcome.sortsInSwift && !outcome.windowsInSwift && !outcome.mergesPendingChanges
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

    /// `WHERE …` of the condition, or nothing.
    var whereClause: String { condition.map { " WHERE \($0)" } ?? "" }

    /// No order: a count needs none, but keeps the window.
    mutating func dropsSort() { orderBy = "" }

    var orderAndWindow: String { orderBy + window }
}
#endif
