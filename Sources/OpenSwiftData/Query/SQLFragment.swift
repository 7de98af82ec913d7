import Foundation
import GRDB

/// A piece of SQL with the arguments of its `?` placeholders, in order.
///
/// Built by interpolation, so that an embedded fragment brings its arguments along
/// at the right position: `"\(lhs) = \(rhs)"` cannot get them out of order.
struct SQLFragment: ExpressibleByStringInterpolation, CustomStringConvertible {
    var sql: String
    var arguments: [DatabaseValue]
    /// The Swift value of each argument, when it has one (a captured value): another
    /// dialect binds it in its own stored form (see `SQLDialect`).
    var constants: [Any?]

    init(sql: String, arguments: [DatabaseValue] = [], constants: [Any?]? = nil) {
        self.sql = sql
        self.arguments = arguments
        self.constants = constants ?? Array(repeating: nil, count: arguments.count)
    }

    init(stringLiteral value: String) {
        self.init(sql: value)
    }

    init(stringInterpolation: StringInterpolation) {
        self.init(sql: stringInterpolation.sql, arguments: stringInterpolation.arguments, constants: stringInterpolation.constants)
    }

    /// A placeholder bound to `value`.
    static func argument(_ value: DatabaseValue, constant: Any? = nil) -> SQLFragment {
        SQLFragment(sql: "?", arguments: [value], constants: [constant])
    }

    /// The fragments joined by `separator`.
    static func joined(_ fragments: [SQLFragment], separator: String) -> SQLFragment {
        var result = SQLFragment(sql: "")
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { result.sql += separator }
            result.sql += fragment.sql
            result.arguments += fragment.arguments
            result.constants += fragment.constants
        }
        return result
    }

    var description: String { sql }

    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var arguments: [DatabaseValue] = []
        var constants: [Any?] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) { sql += literal }

        mutating func appendInterpolation(_ fragment: SQLFragment) {
            sql += fragment.sql
            arguments += fragment.arguments
            constants += fragment.constants
        }

        mutating func appendInterpolation(_ expression: SQLExpression) {
            appendInterpolation(expression.fragment)
        }

        /// An identifier, quoted.
        mutating func appendInterpolation(identifier: String) { sql += identifier.quotedIdentifier }
    }
}
