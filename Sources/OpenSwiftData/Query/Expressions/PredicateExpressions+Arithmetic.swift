import Foundation
import GRDB

// `+`, `-`, `*`, `/`, `%` and unary minus on integers and floating-point numbers.
// Decimals stay in Swift: SQLite would do their arithmetic in binary floating point.

extension PredicateExpressions.Arithmetic: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let symbol = switch op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        }
        return try SQLTranslationContext.arithmetic(context.translate(lhs), symbol, context.translate(rhs))
    }
}

extension PredicateExpressions.IntDivision: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        // SQLite's integer division truncates toward zero, as Swift's does.
        try SQLTranslationContext.arithmetic(context.translate(lhs), "/", context.translate(rhs))
    }
}

extension PredicateExpressions.IntRemainder: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        try SQLTranslationContext.arithmetic(context.translate(lhs), "%", context.translate(rhs))
    }
}

extension PredicateExpressions.FloatDivision: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let lhs = try context.translate(self.lhs), rhs = try context.translate(self.rhs)
        var result = try SQLTranslationContext.arithmetic(lhs, "/", rhs)
        result.fragment = "(\(context.dialect.real(lhs.fragment)) / \(rhs))"
        return result
    }
}

extension PredicateExpressions.UnaryMinus: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let wrapped = try context.translate(self.wrapped)
        guard wrapped.valueKind == .integer || wrapped.valueKind == .real else { throw UnsupportedPredicate(self) }
        return SQLExpression("(- \(wrapped))", wrapped.kind, nullable: wrapped.isNullable)
    }
}

extension SQLTranslationContext {
    static func arithmetic(_ lhs: SQLExpression, _ symbol: String, _ rhs: SQLExpression) throws -> SQLExpression {
        guard let kind = lhs.valueKind, kind == .integer || kind == .real, rhs.valueKind == kind else {
            throw UnsupportedPredicate("arithmetic on values that are not integers or floating-point numbers")
        }
        return SQLExpression("(\(lhs) \(SQLFragment(sql: symbol)) \(rhs))", .value(kind), nullable: lhs.isNullable || rhs.isNullable)
    }
}
