import Foundation
import GRDB

// `<`, `<=`, `>`, `>=` and range containment, on values SQLite orders as Swift does.

extension PredicateExpressions.Comparison: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let lhs = try context.translate(self.lhs), rhs = try context.translate(self.rhs)
        let symbol = switch op {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
        return try SQLTranslationContext.order(lhs, symbol, rhs, dialect: context.dialect)
    }
}

extension PredicateExpressions.RangeExpressionContains: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let element = try context.translate(self.element)
        let bounds: (lower: SQLExpression, upper: SQLExpression, closed: Bool)
        if let constant = range as? _ConstantExpression, let range = constant._constantValue as? _RangeBounds {
            bounds = (try context.constant(range._lowerBound), try context.constant(range._upperBound), range._isClosed)
        } else if let range = range as? _RangeExpression {
            bounds = (try context.translate(range._lower), try context.translate(range._upper), range._isClosed)
        } else {
            throw UnsupportedPredicate(range)
        }
        let lower = try SQLTranslationContext.order(element, ">=", bounds.lower, dialect: context.dialect)
        let upper = try SQLTranslationContext.order(element, bounds.closed ? "<=" : "<", bounds.upper, dialect: context.dialect)
        return .boolean("(\(lower) AND \(upper))", nullable: lower.isNullable || upper.isNullable)
    }
}

extension SQLTranslationContext {
    static func order(_ lhs: SQLExpression, _ symbol: String, _ rhs: SQLExpression, dialect: SQLDialect) throws -> SQLExpression {
        let (lhs, rhs) = (try lhs.matching(rhs), try rhs.matching(lhs))
        for side in [lhs, rhs] {
            switch side.valueKind {
            case .integer?, .real?, .text?, .blob?, .decimal?:
                continue
            case .enumeration?:
                throw UnsupportedPredicate("ordering an enum: its < is its own, not its raw value's")
            default:
                throw UnsupportedPredicate("ordering a value SQLite does not order like Swift")
            }
        }
        // No value is ordered before or after NaN in Swift.
        if lhs.isNaNConstant || rhs.isNaNConstant { return .boolean(dialect.boolean(false), nullable: false) }
        // A collation on either operand applies to the comparison.
        let kind: SQLExpression.ValueKind? = lhs.valueKind == .decimal || rhs.valueKind == .decimal ? .decimal : lhs.valueKind
        let left = dialect.ordered(lhs.fragment, kind)
        return .boolean("(\(left) \(SQLFragment(sql: symbol)) \(rhs))", nullable: lhs.isNullable || rhs.isNullable)
    }
}

/// A captured `Range` or `ClosedRange`.
protocol _RangeBounds {
    var _lowerBound: Any { get }
    var _upperBound: Any { get }
    var _isClosed: Bool { get }
}

extension Range: _RangeBounds {
    var _lowerBound: Any { lowerBound }
    var _upperBound: Any { upperBound }
    var _isClosed: Bool { false }
}

extension ClosedRange: _RangeBounds {
    var _lowerBound: Any { lowerBound }
    var _upperBound: Any { upperBound }
    var _isClosed: Bool { true }
}

/// A range built inside the predicate (`lower..<upper`, `lower...upper`).
protocol _RangeExpression {
    var _lower: Any { get }
    var _upper: Any { get }
    var _isClosed: Bool { get }
}

extension PredicateExpressions.Range: _RangeExpression {
    var _lower: Any { lower }
    var _upper: Any { upper }
    var _isClosed: Bool { false }
}

extension PredicateExpressions.ClosedRange: _RangeExpression {
    var _lower: Any { lower }
    var _upper: Any { upper }
    var _isClosed: Bool { true }
}
