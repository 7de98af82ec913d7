import Foundation
import GRDB

// `==` and `!=`, two-valued like Swift's: `nil == nil` is true and `nil == x` false.

extension PredicateExpressions.Equal: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        try SQLTranslationContext.equality(context.translate(lhs), context.translate(rhs), negated: false, dialect: context.dialect)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        try SQLTranslationContext.equality(context.translate(lhs), context.translate(rhs), negated: true, dialect: context.dialect)
    }
}

extension SQLTranslationContext {
    static func equality(_ lhs: SQLExpression, _ rhs: SQLExpression, negated: Bool, dialect: SQLDialect) throws -> SQLExpression {
        let (lhs, rhs) = (try lhs.matching(rhs), try rhs.matching(lhs))
        for side in [lhs, rhs] {
            if case .collection = side.kind { throw UnsupportedPredicate("comparing a to-many relationship with ==") }
            if side.valueKind == .json {
                // SQL gives a struct inside the JSON back as text in its own spelling, not the encoder's.
                if side.jsonRead != nil { throw UnsupportedPredicate("comparing a struct field of a Codable attribute with ==") }
                try dialect.require(sqliteOnly: "comparing a JSON-stored value")
            }
        }
        // Nothing equals NaN in Swift, not even NaN or nil.
        if lhs.isNaNConstant || rhs.isNaNConstant { return .boolean(dialect.boolean(negated), nullable: false) }
        let lhsNull = lhs.valueKind == .null, rhsNull = rhs.valueKind == .null
        if lhsNull && rhsNull { return .boolean(dialect.boolean(!negated), nullable: false) }
        if lhsNull || rhsNull {
            let other = lhsNull ? rhs : lhs
            return .boolean("(\(other) \(SQLFragment(sql: negated ? "IS NOT" : "IS")) NULL)", nullable: false)
        }
        // An attribute behind to-one relationships equal to a constant: look the
        // constant up first, then the rows that point at it, with their indexes.
        for (navigated, constant) in [(lhs, rhs), (rhs, lhs)] {
            if let navigation = navigated.navigation, !navigation.hops.isEmpty, constant.constant != nil, !constant.isNullable {
                let isDecimal = navigated.valueKind == .decimal
                let semiJoin = navigation.semiJoin { column in
                    isDecimal ? "\(dialect.decimalEquatable(column)) = \(constant)" : "\(column) = \(constant)"
                }
                return .boolean(negated ? "(NOT \(semiJoin))" : semiJoin, nullable: false)
            }
        }
        let (left, right) = lhs.valueKind == .decimal || rhs.valueKind == .decimal
            ? (dialect.decimalEquatable(lhs.fragment), rhs.fragment) : (lhs.fragment, rhs.fragment)
        if lhs.isNullable || rhs.isNullable {
            return .boolean("(\(left) \(dialect.nullSafeEquality(negated: negated)) \(right))", nullable: false)
        }
        return .boolean("(\(left) \(SQLFragment(sql: negated ? "<>" : "=")) \(right))", nullable: false)
    }
}
