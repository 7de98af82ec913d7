import Foundation
import GRDB

// Reading a property of a translated value: a column of a row, a relationship, the
// count of a collection, the raw value of an enum.
extension SQLTranslationContext {
    /// `base[keyPath: keyPath]` where `base` is a model row.
    func property(_ keyPath: AnyKeyPath, of base: SQLExpression, table: EntityTable, alias: String?) throws -> SQLExpression {
        if keyPath == table.entity.modelType._identifierKeyPath || keyPath == table.entity.modelType._idKeyPath {
            // `persistentModelID` and `id`: the row itself.
            return SQLExpression(base.fragment, .value(.identifier), nullable: base.isNullable)
        }
        guard let property = table.entity.storedPropertiesByKeyPath[keyPath] else {
            throw UnsupportedPredicate("\(keyPath) is not a persisted property of \(table.name) (a computed or @Transient property is evaluated in Swift)")
        }
        // A column of the row: direct when the row is in scope, else through its key.
        func column(_ name: String) -> (SQLFragment, Navigation?) {
            if let alias { return (SQLFragment(sql: "\(alias).\(name.quotedIdentifier)"), nil) }
            var navigation = base.navigation ?? Navigation(rootKey: base.fragment, hops: [])
            navigation.hops.append((table, name))
            return ("(SELECT \(identifier: name) FROM \(identifier: table.name) WHERE \"Z_PK\" = \(base.fragment))", navigation)
        }
        let throughKey = alias == nil
        if let attribute = property.attribute {
            let (sql, navigation) = column(property.name)
            return SQLExpression(sql, .value(SQLTranslationContext.valueKind(of: attribute.codec)),
                                 nullable: attribute.codec.isOptional || throughKey || base.isNullable, navigation: navigation)
        }
        guard let relationship = property.relationship else { throw UnsupportedPredicate("\(table.name).\(property.name)") }
        let destination = try self.table(for: relationship.destinationType)
        if relationship.isToOneRelationship {
            guard relationship.storesForeignKey else {
                throw UnsupportedPredicate("\(table.name).\(property.name) is the second side of a one-to-one, which has no column of its own")
            }
            let (sql, columnNavigation) = column(property.name)
            // The related row is reached through this foreign key.
            let navigation = columnNavigation ?? Navigation(rootKey: sql, hops: [])
            return SQLExpression(sql, .row(destination, alias: nil),
                                 nullable: relationship.isOptional || throughKey || base.isNullable, navigation: navigation)
        }
        let elementAlias = newAlias()
        let source: SQLCollection.Source
        if relationship.usesJoinTable {
            let join = JoinTableLayout(relationship, of: table.entity)
            let joinAlias = elementAlias + "j"
            source = .rows(destination, alias: elementAlias,
                           from: "\(identifier: destination.name) AS \(SQLFragment(sql: elementAlias)) JOIN \(identifier: join.name) AS \(SQLFragment(sql: joinAlias)) ON \(SQLFragment(sql: joinAlias)).\(identifier: join.otherColumn) = \(SQLFragment(sql: elementAlias)).\"Z_PK\"",
                           correlation: "\(SQLFragment(sql: joinAlias)).\(identifier: join.ownColumn) = \(base.fragment)")
        } else if let inverse = relationship.inverse {
            source = .rows(destination, alias: elementAlias,
                           from: "\(identifier: destination.name) AS \(SQLFragment(sql: elementAlias))",
                           correlation: "\(SQLFragment(sql: elementAlias)).\(identifier: inverse.name) = \(base.fragment)")
        } else {
            throw UnsupportedPredicate("\(table.name).\(property.name) has no storage to query")
        }
        return SQLExpression("", .collection(SQLCollection(source: source)), nullable: false)
    }

    /// The collection an expression denotes: a to-many relationship, or the JSON
    /// array an array attribute is stored as.
    func collection(_ expression: SQLExpression, elementType: Any.Type) throws -> SQLCollection {
        switch expression.kind {
        case .collection(let collection):
            return collection
        case .value(.json):
            try dialect.require(sqliteOnly: "an array attribute's elements")
            guard let kind = SQLTranslationContext.jsonElementKind(elementType) else {
                throw UnsupportedPredicate("an array of \(elementType) is stored as JSON that SQL does not compare like Swift")
            }
            return SQLCollection(source: .json(expression.fragment, alias: newAlias(), elementKind: kind))
        default:
            throw UnsupportedPredicate("\(elementType) elements of a value that is not a relationship or an array attribute")
        }
    }

    static func valueKind(of codec: ValueCodec) -> SQLExpression.ValueKind {
        switch codec.kind {
        case .json: return .json
        case .rawValue: return .enumeration
        case .primitive: return primitiveKind(codec.storedType)
        }
    }

    static func primitiveKind(_ type: Any.Type) -> SQLExpression.ValueKind {
        if type == Bool.self { return .boolean }
        if type == Decimal.self { return .decimal }
        if type == String.self || type == URL.self { return .text }
        if type == Double.self || type == Float.self || type == Date.self { return .real }
        if type == UUID.self || type == Data.self { return .blob }
        if type is any FixedWidthInteger.Type { return .integer }
        return .json
    }

    /// How an element of a JSON array reads through `json_each`, when it compares
    /// there as it does in Swift.
    static func jsonElementKind(_ type: Any.Type) -> SQLExpression.ValueKind? {
        if type == String.self { return .text }
        if type == Bool.self { return .boolean }
        if type == Double.self || type == Float.self { return .real }
        if type is any FixedWidthInteger.Type { return .integer }
        if let raw = type as? any RawRepresentable.Type {
            let rawType = rawValueType(raw)
            if rawType == String.self || rawType is any FixedWidthInteger.Type { return .enumeration }
        }
        return nil
    }

    private static func rawValueType<R: RawRepresentable>(_: R.Type) -> Any.Type { R.RawValue.self }
}

extension PersistentModel {
    static var _identifierKeyPath: AnyKeyPath { \Self.persistentModelID }
    static var _idKeyPath: AnyKeyPath { \Self.id }
}

/// Key paths of arrays that predicates use (`count`, `isEmpty`), made for any
/// element type so that a predicate's `\[Benefit].count` can be recognised.
protocol _ArrayKeyPaths {
    static var _countKeyPath: AnyKeyPath { get }
    static var _isEmptyKeyPath: AnyKeyPath { get }
    static var _elementType: Any.Type { get }
}

extension Array: _ArrayKeyPaths {
    static var _countKeyPath: AnyKeyPath { \Array.count }
    static var _isEmptyKeyPath: AnyKeyPath { \Array.isEmpty }
    static var _elementType: Any.Type { Element.self }
}

extension Optional: _ArrayKeyPaths where Wrapped: _ArrayKeyPaths {
    static var _countKeyPath: AnyKeyPath { Wrapped._countKeyPath }
    static var _isEmptyKeyPath: AnyKeyPath { Wrapped._isEmptyKeyPath }
    static var _elementType: Any.Type { Wrapped._elementType }
}

/// Raw-value enums whose every case can be checked, so that `\.status.rawValue`
/// can be recognised by what it returns.
enum RawValueKeyPath {
    /// True when `keyPath` returns the raw value of every case of `Root`.
    static func isRawValue<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> Bool {
        guard let iterable = Root.self as? any CaseIterable.Type else { return false }
        let cases = allCases(iterable)
        guard !cases.isEmpty else { return false }
        for value in cases {
            guard let root = value as? Root, let raw = (root as? any RawRepresentable)?.rawValue as? any _PrimitiveValue,
                  let read = root[keyPath: keyPath] as? any _PrimitiveValue,
                  raw._storedValue == read._storedValue else { return false }
        }
        return true
    }

    static func allCases<C: CaseIterable>(_: C.Type) -> [Any] { C.allCases.map { $0 as Any } }
}
