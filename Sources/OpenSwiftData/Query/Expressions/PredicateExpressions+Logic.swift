import Foundation
import GRDB

// `&&`, `||`, `!` and the ternary operator.

extension PredicateExpressions.Conjunction: SQLTranslatable, _ConjunctionExpression {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let lhs = try context.condition(self.lhs), rhs = try context.condition(self.rhs)
        return .boolean("(\(lhs) AND \(rhs))", nullable: lhs.isNullable || rhs.isNullable)
    }

    var _operands: [Any] { [lhs, rhs] }
}

extension PredicateExpressions.Disjunction: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let lhs = try context.condition(self.lhs), rhs = try context.condition(self.rhs)
        return .boolean("(\(lhs) OR \(rhs))", nullable: lhs.isNullable || rhs.isNullable)
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let wrapped = try context.condition(self.wrapped)
        return .boolean("(NOT \(wrapped))", nullable: wrapped.isNullable)
    }
}

extension PredicateExpressions.Conditional: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let test = try context.condition(self.test)
        let translatedYes = try context.translate(trueBranch), translatedNo = try context.translate(falseBranch)
        let yes = try translatedYes.matching(translatedNo), no = try translatedNo.matching(translatedYes)
        let kind: SQLExpression.Kind
        switch (yes.kind, no.kind) {
        case (.value(let a), .value(let b)):
            guard a == b || b == .null || a == .null else { throw UnsupportedPredicate("a ternary whose branches are stored differently") }
            kind = .value(a == .null ? b : a)
        case (.row(let table, _), _), (_, .row(let table, _)):
            kind = .row(table, alias: nil)
        default:
            throw UnsupportedPredicate("a ternary over collections")
        }
        var result = SQLExpression("(CASE WHEN \(test) THEN \(yes) ELSE \(no) END)", kind, nullable: yes.isNullable || no.isNullable)
        result.isUUIDText = yes.isUUIDText || no.isUUIDText
        return result
    }
}

/// `&&`, seen through its operands, so that a predicate's top-level conjuncts can
/// be pushed down one by one.
protocol _ConjunctionExpression {
    var _operands: [Any] { get }
}
