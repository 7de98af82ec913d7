import Foundation

/// Translates a `Predicate` into an SQL WHERE clause over an entity's table, or
/// returns nil when some part of it cannot be expressed in SQL (the fetch then
/// evaluates the predicate in Swift).
struct PredicateTranslator {
    let table: EntityTable

    func translate<T>(_ predicate: Predicate<T>) -> SQLFragment? {
        nil
    }
}

/// Translates sort descriptors into an ORDER BY clause, or nil when one of them
/// cannot be expressed in SQL.
struct SortTranslator {
    let table: EntityTable

    func translate<T>(_ descriptors: [SortDescriptor<T>]) -> SQLFragment? {
        nil
    }
}
