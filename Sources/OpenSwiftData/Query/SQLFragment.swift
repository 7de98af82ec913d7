import Foundation
import GRDB

/// A piece of SQL with the arguments of its `?` placeholders, in order.
///
/// Built by interpolation, so that an embedded fragment brings its arguments along
/// at the right position: `"\(lhs) = \(rhs)"` cannot get them out of order.
struct SQLFragment: ExpressibleByStringInterpolation, CustomStringConvertible {
    var sql: String
    var arguments: [DatabaseValue]

    init(sql: String, arguments: [DatabaseValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    init(stringLiteral value: String) {
        self.init(sql: value)
    }

    init(stringInterpolation: StringInterpolation) {
        self.init(sql: stringInterpolation.sql, arguments: stringInterpolation.arguments)
    }

    /// A placeholder bound to `value`.
    static func argument(_ value: DatabaseValue) -> SQLFragment {
        SQLFragment(sql: "?", arguments: [value])
    }

    /// The fragments joined by `separator`.
    static func joined(_ fragments: [SQLFragment], separator: String) -> SQLFragment {
        var result = SQLFragment(sql: "")
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { result.sql += separator }
            result.sql += fragment.sql
            result.arguments += fragment.arguments
        }
        return result
    }

    var description: String { sql }

    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var arguments: [DatabaseValue] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) { sql += literal }

        mutating func appendInterpolation(_ fragment: SQLFragment) {
            sql += fragment.sql
            arguments += fragment.arguments
        }

        mutating func appendInterpolation(_ expression: SQLExpression) {
            appendInterpolation(expression.fragment)
        }

        /// An identifier, quoted.
        mutating func appendInterpolation(identifier: String) { sql += identifier.quotedIdentifier }
    }
}
