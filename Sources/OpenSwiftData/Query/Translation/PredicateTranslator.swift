import Foundation
import GRDB

/// Translates a `Predicate` into an SQL WHERE clause over an entity's table.
///
/// Each top-level conjunct (`a && b && c`) is translated on its own: those SQL can
/// express run in SQL, and when one cannot, the whole predicate is also evaluated
/// in Swift on the rows the SQL part selects. A predicate that is not a
/// conjunction is translated whole or not at all. Why something stays in Swift is
/// recorded in `reasons`.
struct PredicateTranslation {
    /// The SQL condition on the row aliased `t`, nil when nothing could be pushed down.
    var whereClause: SQLFragment?
    /// True when `whereClause` is the whole predicate.
    var isComplete: Bool
    var reasons: [String]
    /// Tables read by the SQL besides the fetched one.
    var touchedTables: Set<String>
    var usesFunctions: Bool
}

enum PredicateTranslator {
    static func translate<T: PersistentModel>(_ predicate: Predicate<T>, table: EntityTable, store: SQLiteStore) throws -> PredicateTranslation {
        let context = SQLTranslationContext(store: store)
        context.bind(predicate.variable.key, to: SQLExpression("t.\"Z_PK\"", .row(table, alias: "t"), nullable: false))
        var pushed: [SQLFragment] = []
        var reasons: [String] = []
        for conjunct in conjuncts(of: predicate.expression) {
            do {
                pushed.append(try context.condition(conjunct).fragment)
            } catch let unsupported as UnsupportedPredicate {
                reasons.append(unsupported.description)
            }
        }
        var touched = context.touchedTables
        touched.remove(table.name)
        return PredicateTranslation(
            whereClause: pushed.isEmpty ? nil : SQLFragment.joined(pushed, separator: " AND "),
            isComplete: reasons.isEmpty, reasons: reasons, touchedTables: touched, usesFunctions: context.usesFunctions)
    }

    /// `a && (b && c)` as `[a, b, c]`.
    static func conjuncts(of expression: Any) -> [Any] {
        guard let conjunction = expression as? _ConjunctionExpression else { return [expression] }
        return conjunction._operands.flatMap(conjuncts(of:))
    }
}
