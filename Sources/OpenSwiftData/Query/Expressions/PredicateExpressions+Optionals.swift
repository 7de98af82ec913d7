import Foundation
import GRDB

// Optional chaining (`a?.b`, `flatMap`) and `??`.

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let wrapped = try context.translate(self.wrapped)
        // Inside the closure the value is not nil.
        var unwrapped = wrapped
        unwrapped.isNullable = false
        context.bind(variable.key, to: unwrapped)
        var result = try context.translate(transform)
        if case .collection = result.kind { throw UnsupportedPredicate("an optional chain that ends in a collection") }
        // A column read through the same foreign key is already NULL when the
        // relationship is nil; keeping it bare keeps it a semi-join candidate.
        if case .collection = wrapped.kind { result.isNullable = true; return result }
        // A field read out of the same JSON column is already NULL when the struct is
        // nil; keeping it bare keeps it the expression an index on the field is made on.
        if let read = result.jsonRead, wrapped.valueKind == .json, read.sharesColumn(with: wrapped.jsonRead?.column ?? wrapped.fragment) {
            result.isNullable = true
            return result
        }
        if let inner = result.navigation, let outer = wrapped.navigation, inner.rootKey.sql == outer.rootKey.sql,
           inner.rootKey.arguments == outer.rootKey.arguments {
            result.isNullable = true
            return result
        }
        let kind: SQLExpression.Kind = if case .row(let table, _) = result.kind { .row(table, alias: nil) } else { result.kind }
        var chained = SQLExpression("(CASE WHEN \(wrapped) IS NULL THEN NULL ELSE \(result) END)", kind, nullable: true)
        chained.isUUIDText = result.isUUIDText
        return chained
    }
}

extension PredicateExpressions.NilCoalesce: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let translatedLHS = try context.translate(self.lhs), translatedRHS = try context.translate(self.rhs)
        let lhs = try translatedLHS.matching(translatedRHS), rhs = try translatedRHS.matching(translatedLHS)
        let kind: SQLExpression.Kind
        switch (lhs.kind, rhs.kind) {
        case (.value(let a), .value(let b)):
            kind = .value(b == .null ? a : b)
        case (.row(let table, _), .row), (.row(let table, _), .value(.null)):
            kind = .row(table, alias: nil)
        default:
            throw UnsupportedPredicate("?? over collections")
        }
        var result = SQLExpression("COALESCE(\(lhs), \(rhs))", kind, nullable: rhs.isNullable)
        result.isUUIDText = lhs.isUUIDText || rhs.isUUIDText
        return result
    }
}
