import Foundation
import GRDB

/// Translates a `Predicate` into an SQL WHERE clause over an entity's table.
///
/// Each top-level conjunct (`a && b && c`) is translated on its own: those SQL can
/// express run in SQL, and when one cannot, the whole predicate is also evaluated
/// in Swift on the rows the SQL part selects; such a conjunct still narrows the SQL when
/// it is `SQLNarrowable`. A predicate that is not a conjunction is translated whole or
/// not at all. Why something stays in Swift is recorded in `reasons`.
struct PredicateTranslation {
    /// The SQL condition on the row aliased `t`, nil when nothing could be pushed down.
    var whereClause: SQLFragment?
    /// True when `whereClause` is the whole predicate.
    var isComplete: Bool
    /// When not complete: true for the rows `whereClause` keeps that only Swift can decide
    /// (the others match); nil when no such line can be drawn.
    var undecided: SQLFragment?
    var reasons: [String]
    /// Tables read by the SQL besides the fetched one.
    var touchedTables: Set<String>
    var usesFunctions: Bool
}

enum PredicateTranslator {
    static func translate<T: PersistentModel>(_ predicate: Predicate<T>, table: EntityTable, store: SQLiteStore) throws -> PredicateTranslation {
        try translate(predicate, table: table, context: SQLTranslationContext(store: store))
    }

    static func translate<T: PersistentModel>(_ predicate: Predicate<T>, table: EntityTable, context: SQLTranslationContext) throws -> PredicateTranslation {
        context.bind(predicate.variable.key, to: SQLExpression("t.\"Z_PK\"", .row(table, alias: "t"), nullable: false))
        var pushed: [SQLFragment] = []
        var reasons: [String] = []
        var undecided: [SQLFragment] = []
        var decidable = true
        for conjunct in conjuncts(of: predicate.expression) {
            do {
                pushed.append(try context.condition(conjunct).fragment)
            } catch let unsupported as UnsupportedPredicate {
                reasons.append(unsupported.description)
                if let narrowable = conjunct as? SQLNarrowable, let narrowing = try? narrowable.narrowing(in: context) {
                    pushed.append(narrowing.fragment)
                    if let deciding = conjunct as? SQLDecidingNarrowable, let clause = try? deciding.undecided(in: context),
                       clause.arguments.isEmpty {
                        undecided.append(clause)
                    } else {
                        decidable = false
                    }
                } else {
                    decidable = false
                }
            }
        }
        var touched = context.touchedTables
        touched.remove(table.name)
        return PredicateTranslation(
            whereClause: pushed.isEmpty ? nil : SQLFragment.joined(pushed, separator: " AND "),
            isComplete: reasons.isEmpty,
            undecided: decidable && !undecided.isEmpty ? SQLFragment.joined(undecided.map { "(\($0))" }, separator: " OR ") : nil,
            reasons: reasons, touchedTables: touched, usesFunctions: context.usesFunctions)
    }

    /// `a && (b && c)` as `[a, b, c]`.
    static func conjuncts(of expression: Any) -> [Any] {
        guard let conjunction = expression as? _ConjunctionExpression else { return [expression] }
        return conjunction._operands.flatMap(conjuncts(of:))
    }
}

/// A predicate's condition in another store's SQL (see `SQLDialect`), over the fetched
/// row aliased `t`, with `$1`, `$2`, … placeholders: for the stores of this package.
package struct TranslatedCondition {
    /// Nil when no part of the predicate runs in SQL.
    package var sql: String?
    /// Each placeholder's value in SQLite's stored form, and the captured Swift value
    /// it came from when there is one (the store binds that in its own form).
    package var arguments: [(stored: DefaultSnapshot.Value, constant: Any?)]
    /// True when `sql` is the whole predicate.
    package var isComplete: Bool
    /// When not complete: SQL without placeholders, true for the rows `sql` keeps that only
    /// Swift can decide; every other row it keeps matches. Nil when no such line is drawn.
    package var undecided: String?
    /// Why parts stay in Swift.
    package var reasons: [String]
    /// The entities whose tables the SQL reads besides the fetched one's.
    package var touchedTables: Set<String>

    package init<T: PersistentModel>(_ predicate: Predicate<T>, dialect: SQLDialect) throws {
        let context = SQLTranslationContext(dialect: dialect, tables: EntityTable.described)
        let translation = try PredicateTranslator.translate(predicate, table: EntityTable.described(T.self), context: context)
        isComplete = translation.isComplete
        undecided = translation.undecided?.sql
        reasons = translation.reasons
        touchedTables = translation.touchedTables
        guard let clause = translation.whereClause else {
            sql = nil
            arguments = []
            undecided = nil
            return
        }
        // SQLite's `?` placeholders numbered as PostgreSQL's: the translation binds every value, so each `?` is one.
        var numbered: [UInt8] = []
        numbered.reserveCapacity(clause.sql.utf8.count + 16)
        var count = 0
        for byte in clause.sql.utf8 {
            if byte == UInt8(ascii: "?") {
                count += 1
                numbered.append(UInt8(ascii: "$"))
                numbered.append(contentsOf: String(count).utf8)
            } else {
                numbered.append(byte)
            }
        }
        sql = String(decoding: numbered, as: UTF8.self)
        arguments = zip(clause.arguments, clause.constants).map { (DefaultSnapshot.Value(StoredValue($0)), $1) }
    }
}
