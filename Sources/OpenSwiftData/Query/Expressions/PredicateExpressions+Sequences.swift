import Foundation
import GRDB

// Collections: captured arrays (`ids.contains($0.id)`), array attributes stored as
// JSON (`$0.tags.contains("x")`), and to-many relationships (`contains(where:)`,
// `allSatisfy`, `filter`), as `IN` lists and `EXISTS` subqueries.

extension PredicateExpressions.SequenceContains: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let element = try context.translate(self.element)
        if let constant = sequence as? _ConstantExpression {
            return try SQLTranslationContext.membership(element, in: _elements(of: constant._constantValue), context: context)
        }
        let collection = try context.collection(context.translate(sequence), elementType: LHS.Output.Element.self)
        switch (collection.source, element.kind) {
        case (.rows(let table, _, _, _), .row(let elementTable, _)) where table === elementTable:
            return .boolean("EXISTS (\(collection.select("1", where: "\(SQLFragment(sql: collection.alias)).\"Z_PK\" = \(element)")))", nullable: false)
        case (.json, .value(let kind)) where [.text, .integer, .real, .boolean, .enumeration].contains(kind):
            return .boolean("EXISTS (\(collection.select("1", where: "\(SQLFragment(sql: collection.alias)).value = \(element)")))", nullable: false)
        default:
            throw UnsupportedPredicate(self)
        }
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let collection = try context.collection(context.translate(sequence), elementType: Element.self)
        context.bind(variable.key, to: collection.element)
        let test = try context.condition(self.test)
        return .boolean("EXISTS (\(collection.select("1", where: test.fragment)))", nullable: false)
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let collection = try context.collection(context.translate(sequence), elementType: Element.self)
        context.bind(variable.key, to: collection.element)
        let test = try context.condition(self.test)
        return .boolean("(NOT EXISTS (\(collection.select("1", where: "NOT \(test)"))))", nullable: false)
    }
}

extension PredicateExpressions.Filter: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        var collection = try context.collection(context.translate(sequence), elementType: Element.self)
        context.bind(variable.key, to: collection.element)
        collection.filters.append(try context.condition(filter).fragment)
        return SQLExpression("", .collection(collection), nullable: false)
    }
}

/// The elements of a captured sequence.
func _elements(of value: Any) -> [Any] {
    func open<S: Sequence>(_ sequence: S) -> [Any] { sequence.map { $0 as Any } }
    guard let sequence = value as? any Sequence else { return [] }
    return open(sequence)
}

extension SQLTranslationContext {
    /// `element IN (captured values)`, two-valued.
    static func membership(_ element: SQLExpression, in values: [Any], context: SQLTranslationContext) throws -> SQLExpression {
        guard element.valueKind != .decimal, element.valueKind != .json else {
            throw UnsupportedPredicate("a captured array of decimals or JSON values")
        }
        var list: [SQLFragment] = []
        var containsNil = false
        for value in values {
            let constant = try context.constant(value).matching(element)
            // NaN equals nothing, so it never makes an element a member.
            if constant.isNaNConstant { continue }
            if constant.valueKind == .null { containsNil = true } else { list.append(constant.fragment) }
        }
        var terms: [SQLFragment] = []
        if !list.isEmpty {
            let membership: SQLFragment = "\(element) IN (\(SQLFragment.joined(list, separator: ", ")))"
            terms.append(element.isNullable ? "COALESCE(\(membership), \(context.dialect.boolean(false)))" : membership)
        }
        if containsNil { terms.append("\(element) IS NULL") }
        if terms.isEmpty { return .boolean(context.dialect.boolean(false), nullable: false) }
        return .boolean("(\(SQLFragment.joined(terms, separator: " OR ")))", nullable: false)
    }
}
