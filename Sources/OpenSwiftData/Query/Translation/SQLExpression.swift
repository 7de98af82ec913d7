import Foundation
import GRDB

/// A translated predicate sub-expression: SQL whose value is what the Swift
/// expression evaluates to, for every stored row.
struct SQLExpression {
    /// What the SQL denotes.
    enum Kind {
        /// A single value stored as `ValueKind` says.
        case value(ValueKind)
        /// A model: the SQL is its row's `Z_PK`. `alias` is set when the row is in
        /// scope under that alias (the fetched table, a to-many subquery), so that
        /// its columns are read directly rather than through a scalar subquery.
        case row(EntityTable, alias: String?)
        /// A to-many relationship or an array attribute, used by `count`,
        /// `isEmpty`, `contains`, `contains(where:)`, `allSatisfy` and `filter`.
        case collection(SQLCollection)
    }

    /// How a value is stored, which decides how it compares.
    enum ValueKind: Equatable {
        case boolean, integer, real, text, blob
        /// TEXT compared numerically, exactly, through the `osd_decimal` collation.
        case decimal
        /// JSON text: compared as text, never ordered.
        case json
        /// A raw-value enum: equal by raw value, but its `<` (when it has one) is
        /// its own, so it is never ordered in SQL.
        case enumeration
        /// A `PersistentIdentifier`: the row's `Z_PK`.
        case identifier
        /// `nil`.
        case null
    }

    var fragment: SQLFragment
    var kind: Kind
    /// True when the SQL may be NULL; equality then uses `IS` so that the result
    /// stays two-valued like Swift's.
    var isNullable: Bool
    /// Set on a captured value: the Swift value, for forms that need to look
    /// inside it (`[a, b].contains($0.x)`, ranges).
    var constant: Any?
    /// Set on an attribute read through to-one relationships, so that an equality
    /// with a constant can run as an indexed semi-join instead of a scalar
    /// subquery per row.
    var navigation: Navigation?
    /// Set on a field read out of a `Codable` attribute's JSON: the column and the path,
    /// so that a further field extends the path rather than reading the read.
    var jsonRead: JSONFieldRead?
    /// True when the SQL is a UUID as the text a `Codable` attribute's JSON holds it in,
    /// not the 16 bytes of a `UUID` column (see `matching(_:)`).
    var isUUIDText = false

    init(_ fragment: SQLFragment, _ kind: Kind, nullable: Bool, constant: Any? = nil, navigation: Navigation? = nil) {
        self.fragment = fragment
        self.kind = kind
        self.isNullable = nullable
        self.constant = constant
        self.navigation = navigation
    }

    var sql: String { fragment.sql }

    var valueKind: ValueKind? {
        if case .value(let kind) = kind { return kind }
        return nil
    }

    var isBoolean: Bool { valueKind == .boolean }

    static func boolean(_ fragment: SQLFragment, nullable: Bool) -> SQLExpression {
        SQLExpression(fragment, .value(.boolean), nullable: nullable)
    }

    /// A captured floating-point NaN. SQL has no NaN (SQLite binds it as NULL, which
    /// makes a comparison unknown and its negation too), while every comparison with
    /// NaN is false in Swift: the operators decide such comparisons themselves.
    var isNaNConstant: Bool {
        switch constant {
        case let value as Double: value.isNaN
        case let value as Float: value.isNaN
        default: false
        }
    }

    static var null: SQLExpression { SQLExpression("NULL", .value(.null), nullable: true, constant: Optional<Int>.none as Any) }
}

/// The path from a row in scope to an attribute of a related row: `rootKey` is the
/// first related row's `Z_PK` (the fetched row's foreign key), each hop follows a
/// foreign key column of a table, and `column` is read from the last table.
struct Navigation {
    var rootKey: SQLFragment
    var hops: [(table: EntityTable, column: String)]

    /// SQL true when the navigated value satisfies `condition` (given the
    /// column's SQL), false otherwise, including when a relationship is nil.
    func semiJoin(_ condition: (SQLFragment) -> SQLFragment) -> SQLFragment {
        var hops = hops
        let last = hops.removeLast()
        var inner: SQLFragment = "SELECT \"Z_PK\" FROM \(identifier: last.table.name) WHERE \(condition(SQLFragment(sql: last.column.quotedIdentifier)))"
        for hop in hops.reversed() {
            inner = "SELECT \"Z_PK\" FROM \(identifier: hop.table.name) WHERE \(identifier: hop.column) IN (\(inner))"
        }
        return "(\(rootKey) IS NOT NULL AND \(rootKey) IN (\(inner)))"
    }
}

/// The elements of a to-many relationship or an array attribute of one row.
struct SQLCollection {
    enum Source {
        /// Rows of `table` as `alias`; `from` is the FROM clause, `correlation`
        /// ties them to the owning row.
        case rows(EntityTable, alias: String, from: SQLFragment, correlation: SQLFragment)
        /// The elements of a JSON array, through `json_each(...) AS alias`.
        case json(SQLFragment, alias: String, elementKind: SQLExpression.ValueKind)
    }

    var source: Source
    /// Conditions added by `filter`.
    var filters: [SQLFragment] = []

    var alias: String {
        switch source {
        case .rows(_, let alias, _, _), .json(_, let alias, _): alias
        }
    }

    /// The element as an expression, for binding a closure's variable.
    var element: SQLExpression {
        switch source {
        case .rows(let table, let alias, _, _):
            SQLExpression(SQLFragment(sql: "\(alias).\"Z_PK\""), .row(table, alias: alias), nullable: false)
        case .json(_, let alias, let kind):
            SQLExpression(SQLFragment(sql: "\(alias).value"), .value(kind), nullable: false)
        }
    }

    /// `SELECT <what> FROM ... WHERE <correlation and filters and extra>`.
    func select(_ what: String, where extra: SQLFragment? = nil) -> SQLFragment {
        var conditions: [SQLFragment] = []
        let from: SQLFragment
        switch source {
        case .rows(_, _, let rowsFrom, let correlation):
            from = rowsFrom
            conditions.append(correlation)
        case .json(let json, let alias, _):
            from = "json_each(\(json)) AS \(SQLFragment(sql: alias))"
        }
        conditions += filters
        if let extra { conditions.append(extra) }
        if conditions.isEmpty { return "SELECT \(SQLFragment(sql: what)) FROM \(from)" }
        return "SELECT \(SQLFragment(sql: what)) FROM \(from) WHERE \(SQLFragment.joined(conditions.map { "(\($0))" }, separator: " AND "))"
    }
}
