import Foundation

/// The range of transaction numbers a history predicate can match, read from the
/// comparisons with `token` at its top (`$0.token > token`, alone or in an `&&`),
/// so that the store reads only those transactions. Anything else leaves the range
/// open; the whole predicate is still evaluated on every transaction read.
package struct HistoryBounds: Sendable {
    package var lower: Int64?
    package var upper: Int64?

    static let all = HistoryBounds()

    /// Whether a transaction's number is within the range.
    func contains(_ transaction: Int64) -> Bool {
        transaction >= (lower ?? .min) && transaction <= (upper ?? .max)
    }

    init() {}

    init(_ predicate: Predicate<DefaultHistoryTransaction>?) {
        guard let predicate else { return }
        narrow(by: predicate.expression)
    }

    private typealias Transaction = PredicateExpressions.Variable<DefaultHistoryTransaction>
    private typealias TokenPath = PredicateExpressions.KeyPath<Transaction, DefaultHistoryToken>
    private typealias TokenValue = PredicateExpressions.Value<DefaultHistoryToken>

    private mutating func narrow(by expression: any PredicateExpression) {
        if let and = expression as? any ConjunctionExpression {
            narrow(by: and.lhsExpression)
            narrow(by: and.rhsExpression)
        } else if let comparison = expression as? PredicateExpressions.Comparison<TokenPath, TokenValue>,
                  comparison.lhs.keyPath == \DefaultHistoryTransaction.token {
            narrow(comparison.op, comparison.rhs.value.transaction, tokenOnLeft: true)
        } else if let comparison = expression as? PredicateExpressions.Comparison<TokenValue, TokenPath>,
                  comparison.rhs.keyPath == \DefaultHistoryTransaction.token {
            narrow(comparison.op, comparison.lhs.value.transaction, tokenOnLeft: false)
        }
    }

    private mutating func narrow(_ op: PredicateExpressions.ComparisonOperator, _ value: Int64, tokenOnLeft: Bool) {
        // `token > value` is `value < token` seen from the other side.
        let greater: PredicateExpressions.ComparisonOperator = tokenOnLeft ? .greaterThan : .lessThan
        let greaterOrEqual: PredicateExpressions.ComparisonOperator = tokenOnLeft ? .greaterThanOrEqual : .lessThanOrEqual
        let less: PredicateExpressions.ComparisonOperator = tokenOnLeft ? .lessThan : .greaterThan
        let lessOrEqual: PredicateExpressions.ComparisonOperator = tokenOnLeft ? .lessThanOrEqual : .greaterThanOrEqual
        if op == greater, value < .max { raiseLower(value + 1) }
        else if op == greaterOrEqual { raiseLower(value) }
        else if op == less, value > .min { lowerUpper(value - 1) }
        else if op == lessOrEqual { lowerUpper(value) }
    }

    private mutating func raiseLower(_ value: Int64) { lower = max(lower ?? value, value) }
    private mutating func lowerUpper(_ value: Int64) { upper = min(upper ?? value, value) }
}

/// A `&&` of two predicate expressions, whatever their types.
private protocol ConjunctionExpression {
    var lhsExpression: any PredicateExpression { get }
    var rhsExpression: any PredicateExpression { get }
}

extension PredicateExpressions.Conjunction: ConjunctionExpression {
    var lhsExpression: any PredicateExpression { lhs }
    var rhsExpression: any PredicateExpression { rhs }
}
