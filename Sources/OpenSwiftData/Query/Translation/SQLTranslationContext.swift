import Foundation
import GRDB

/// The state of one predicate's translation: the variables in scope, fresh aliases,
/// and what the SQL ends up needing.
final class SQLTranslationContext {
    let dialect: SQLDialect
    /// The table of each entity the SQL reads.
    private let tables: (any PersistentModel.Type) throws -> EntityTable
    private var bindings: [PredicateExpressions.VariableID: SQLExpression] = [:]
    private var aliasCount = 0
    /// Tables the SQL reads besides the fetched one; unsaved changes to them mean
    /// the SQL cannot be trusted for this fetch.
    private(set) var touchedTables: Set<String> = []
    /// True when the SQL calls the functions of `SQLFunctions`.
    var usesFunctions = false
    /// True while a narrowing reads `Double` and `Date` fields of `Codable` attributes
    /// that SQLite may read a little off (see `PredicateExpressions+NumberFields`).
    var readsInexactNumbers = false

    init(store: SQLiteStore) {
        self.dialect = .sqlite
        self.tables = { try store.table(for: $0) }
    }

    init(dialect: SQLDialect, tables: @escaping (any PersistentModel.Type) throws -> EntityTable) {
        self.dialect = dialect
        self.tables = tables
    }

    func bind(_ variable: PredicateExpressions.VariableID, to expression: SQLExpression) {
        bindings[variable] = expression
    }

    func value(of variable: PredicateExpressions.VariableID) throws -> SQLExpression {
        guard let bound = bindings[variable] else { throw UnsupportedPredicate("a variable that is not in scope") }
        return bound
    }

    func newAlias() -> String {
        aliasCount += 1
        return "q\(aliasCount)"
    }

    func table(for type: any PersistentModel.Type) throws -> EntityTable {
        let table = try tables(type)
        touchedTables.insert(table.name)
        return table
    }

    func touch(_ table: EntityTable) { touchedTables.insert(table.name) }

    /// Translates any predicate expression, or throws `UnsupportedPredicate`.
    func translate(_ expression: Any) throws -> SQLExpression {
        guard let translatable = expression as? SQLTranslatable else {
            throw UnsupportedPredicate(expression)
        }
        return try translatable.translate(in: self)
    }

    /// Translates an expression that must be a Bool.
    func condition(_ expression: Any) throws -> SQLExpression {
        let translated = try translate(expression)
        guard translated.isBoolean else { throw UnsupportedPredicate(expression) }
        return translated
    }
}

/// A predicate expression that has an SQL form.
protocol SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression
}

/// Why a (sub-)expression stays in Swift.
struct UnsupportedPredicate: Error, CustomStringConvertible {
    let description: String

    init(_ reason: String) { description = reason }

    init(_ expression: Any) {
        description = "\(UnsupportedPredicate.name(of: type(of: expression))) has no SQL form"
    }

    /// A short type name: `PredicateExpressions.ForcedUnwrap` rather than its full generic signature.
    static func name(of type: Any.Type) -> String {
        let full = unqualifiedName(of: type)
        return String(full.prefix { $0 != "<" })
    }
}
