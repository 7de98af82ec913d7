import Foundation
import GRDB

// The leaves of a predicate: its variables, key paths read from them, captured values and nil.

extension PredicateExpressions.Variable: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        try context.value(of: key)
    }
}

extension PredicateExpressions.KeyPath: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        let base = try context.translate(root)
        let keyPath = self.keyPath as AnyKeyPath
        switch base.kind {
        case .row(let table, let alias):
            return try context.property(keyPath, of: base, table: table, alias: alias)
        case .collection, .value(.json):
            // `count` and `isEmpty` of a to-many relationship or an array attribute.
            guard let array = Root.Output.self as? any _ArrayKeyPaths.Type else {
                // A field of a `Codable` struct stored as JSON.
                guard base.valueKind == .json else { break }
                let keyPath = self.keyPath
                return try context.jsonField(keyPath, of: base, rootType: Root.Output.self, valueType: Output.self) { value in
                    (value as? Root.Output).map { $0[keyPath: keyPath] }
                }
            }
            let isCount = keyPath == array._countKeyPath
            guard isCount || keyPath == array._isEmptyKeyPath else { break }
            let collection = try context.collection(base, elementType: array._elementType)
            if case .json(let json, _, _) = collection.source, collection.filters.isEmpty {
                return isCount
                    ? SQLExpression("json_array_length(\(json))", .value(.integer), nullable: base.isNullable)
                    : .boolean("(json_array_length(\(json)) = 0)", nullable: base.isNullable)
            }
            return isCount
                ? SQLExpression("(\(collection.select("count(*)")))", .value(.integer), nullable: false)
                : .boolean("(NOT EXISTS (\(collection.select("1"))))", nullable: false)
        case .value(.enumeration):
            // `\.status.rawValue`: recognised by what it returns for every case.
            if RawValueKeyPath.isRawValue(self.keyPath), let codec = ValueCodec.make(for: Output.self) {
                var raw = base
                raw.kind = .value(SQLTranslationContext.valueKind(of: codec))
                raw.constant = nil
                return raw
            }
        case .value(.text):
            if keyPath == \String.isEmpty as AnyKeyPath {
                return .boolean("(\(base) = '')", nullable: base.isNullable)
            }
        default:
            break
        }
        throw UnsupportedPredicate("the key path \(keyPath) on \(Root.Output.self)")
    }
}

extension PredicateExpressions.Value: SQLTranslatable, _ConstantExpression {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression {
        try context.constant(value)
    }

    var _constantValue: Any { value }
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func translate(in context: SQLTranslationContext) throws -> SQLExpression { .null }
}

/// A captured value, seen through its type-erased contents.
protocol _ConstantExpression {
    var _constantValue: Any { get }
}

extension SQLTranslationContext {
    /// A captured value, stored as an attribute of its type would store it, so that
    /// enums compare by raw value and dates, UUIDs and decimals as their columns do.
    func constant(_ value: Any) throws -> SQLExpression {
        let unwrapped: Any
        if let optional = value as? any _OptionalType {
            guard let some = optional._unwrapped else { return .null }
            unwrapped = some
        } else {
            unwrapped = value
        }
        if let model = unwrapped as? any PersistentModel {
            let table = try self.table(for: type(of: model))
            // An unsaved model has no row yet: its temporary id matches none.
            return SQLExpression(.argument(model._$backingState.rowID.databaseValue), .row(table, alias: nil), nullable: false, constant: unwrapped)
        }
        if let identifier = unwrapped as? PersistentIdentifier {
            // Only a saved row's identifier can match; a temporary one matches nothing.
            return SQLExpression(.argument(identifier.rowID.databaseValue), .value(.identifier), nullable: false, constant: unwrapped)
        }
        if let result = unwrapped as? ComparisonResult {
            return SQLExpression(.argument(result.rawValue.databaseValue), .value(.integer), nullable: false, constant: unwrapped)
        }
        guard let codec = ValueCodec.make(for: type(of: unwrapped)) else {
            throw UnsupportedPredicate("a captured \(type(of: unwrapped)), which has no stored form")
        }
        let stored = try codec.encode(unwrapped)
        return SQLExpression(.argument(stored.databaseValue, constant: unwrapped), .value(SQLTranslationContext.valueKind(of: codec)), nullable: false,
                             constant: unwrapped)
    }
}
