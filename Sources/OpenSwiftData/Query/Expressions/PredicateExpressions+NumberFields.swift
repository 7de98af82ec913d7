import Foundation
import GRDB

// A `Double` or `Date` field of a `Codable` attribute on SQLite: SQLite reads a JSON
// number by scaling its digits in `long double` and promises no correctly rounded result,
// so the comparison itself stays in Swift. SQL narrows the rows first: it keeps those whose
// number, as SQLite reads it, is within a billionth of the bound (relative) on the bound's
// side, which holds every row Swift keeps, since SQLite's reading is off by far less.
// Only a whole conjunct is narrowed (see `SQLNarrowable`).

extension PredicateExpressions.Comparison: SQLNarrowable {
    func narrowing(in context: SQLTranslationContext) throws -> SQLExpression {
        let (field, bound, fieldOnLeft) = try context.numberFieldAndBound(lhs, rhs)
        let below: Bool = switch op {
        case .lessThan, .lessThanOrEqual: fieldOnLeft
        case .greaterThan, .greaterThanOrEqual: !fieldOnLeft
        }
        let widened = below ? bound + SQLTranslationContext.slack(bound) : bound - SQLTranslationContext.slack(bound)
        let symbol = below ? "<=" : ">="
        return .boolean("(\(field.fragment) \(SQLFragment(sql: symbol)) \(SQLFragment.argument(widened.databaseValue)))", nullable: field.isNullable)
    }
}

extension PredicateExpressions.Equal: SQLNarrowable {
    func narrowing(in context: SQLTranslationContext) throws -> SQLExpression {
        let (field, bound, _) = try context.numberFieldAndBound(lhs, rhs)
        let slack = SQLTranslationContext.slack(bound)
        let low = SQLFragment.argument((bound - slack).databaseValue), high = SQLFragment.argument((bound + slack).databaseValue)
        return .boolean("(\(field.fragment) BETWEEN \(low) AND \(high))", nullable: field.isNullable)
    }
}

extension SQLTranslationContext {
    /// How far SQLite's reading of a JSON number may be from `bound` and still be Swift's
    /// side of it: a billionth of it, and never less than the smallest normal double.
    static func slack(_ bound: Double) -> Double {
        max(abs(bound) * 1e-9, Double.leastNormalMagnitude)
    }

    /// The field read as SQLite reads it and the captured number it is compared with (a
    /// `Date` as its seconds since 2001), and whether the field is the left operand.
    func numberFieldAndBound(_ lhs: Any, _ rhs: Any) throws -> (field: SQLExpression, bound: Double, fieldOnLeft: Bool) {
        guard dialect == .sqlite else { throw UnsupportedPredicate("a narrowing of a number field where SQL reads it exactly") }
        readsInexactNumbers = true
        defer { readsInexactNumbers = false }
        let left = try translate(lhs), right = try translate(rhs)
        for (field, other, fieldOnLeft) in [(left, right, true), (right, left, false)] where field.jsonRead?.field.kind == .real {
            let bound: Double? = switch other.constant {
            case let value as Double: value
            case let date as Date: date.timeIntervalSinceReferenceDate
            default: nil
            }
            guard let bound, bound.isFinite else { continue }
            return (field, bound, fieldOnLeft)
        }
        throw UnsupportedPredicate("a comparison that is not of a number field with a captured number")
    }
}
