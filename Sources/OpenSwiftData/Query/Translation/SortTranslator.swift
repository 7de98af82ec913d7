import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// Translates sort descriptors into an ORDER BY clause (with the LEFT JOINs that
/// key paths through to-one relationships need), or says why they must sort in Swift.
///
/// What runs in SQL, because SQLite orders it exactly as `SortDescriptor.compare`
/// does on Linux:
/// - numbers, dates (REAL), UUIDs (16-byte BLOBs compare bytewise, as `UUID.<`),
///   decimals (as REAL, ties broken exactly by the `osd_decimal` collation), and strings sorted without a comparator
///   (`SortDescriptor(\.name)`): on Linux that is `String.<`, which orders by
///   Unicode scalars like SQLite's BINARY collation for NFC text;
/// - raw values (`SortDescriptor(\.status.rawValue)`), and enums or `Bool` whose
///   own `<` agrees with their stored value's order (checked on every case);
/// - optionals: `nil` first ascending and last descending, in both.
/// - key paths through to-one relationships (`\.userCard?.nickname`).
///
/// What sorts in Swift: strings with a comparator (`.localizedStandard`,
/// `.localized`, `.lexical`), array and other JSON attributes, computed
/// properties, to-many relationships.
struct SortTranslation {
    var orderBy: String?
    var joins: String = ""
    var touchedTables: Set<String> = []
    var reason: String?
}

enum SortTranslator {
    /// A sort key resolved to a column: the to-one relationships to follow, then the attribute.
    struct Key {
        var hops: [StoredProperty]
        var attribute: StoredProperty
        var destinations: [Schema.Entity]
        /// The field of a `Codable` attribute's JSON the key path reads, if it reads one.
        var field: JSONField? = nil
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [AnyKeyPath: Result<Key, UnsupportedPredicate>] = [:]

    static func translate<T: PersistentModel>(_ descriptors: [SortDescriptor<T>], table: EntityTable) -> SortTranslation {
        var terms: [String] = []
        var joins: [String: String] = [:]
        var joinSQL = ""
        var touched: Set<String> = []
        var lastDirection = "ASC"
        for descriptor in descriptors {
            if let comparator = descriptor.stringComparator {
                return SortTranslation(reason: "a String sort with the comparator \(comparator), which SQLite cannot reproduce")
            }
            guard let keyPath = descriptor.keyPath else {
                return SortTranslation(reason: "a sort descriptor without a key path")
            }
            let key: Key
            switch resolve(keyPath, entity: table.entity, model: T.self) {
            case .success(let resolved): key = resolved
            case .failure(let unsupported): return SortTranslation(reason: unsupported.description)
            }
            var alias = "t"
            var path = ""
            for (hop, destination) in zip(key.hops, key.destinations) {
                path += "." + hop.name
                if let existing = joins[path] {
                    alias = existing
                } else {
                    let next = "s\(joins.count + 1)"
                    joinSQL += " LEFT JOIN \(destination.name.quotedIdentifier) AS \(next) ON \(next).\"Z_PK\" = \(alias).\(hop.name.quotedIdentifier)"
                    joins[path] = next
                    alias = next
                }
                touched.insert(destination.name)
            }
            var column = "\(alias).\(key.attribute.name.quotedIdentifier)"
            if let field = key.field {
                guard let read = SQLDialect.sqlite.jsonField(column: column, field) else {
                    return SortTranslation(reason: "sorting by the field \(field.path.joined(separator: ".")) of \(key.attribute.name), a Double SQLite does not always read exactly from JSON")
                }
                column = read
            }
            lastDirection = descriptor.order == .forward ? "ASC" : "DESC"
            if key.field == nil, key.attribute.attribute?.codec.isDecimal == true {
                // Rounding to a double keeps order, so REAL sorts and the exact collation only breaks its ties.
                terms.append("CAST(\(column) AS REAL) \(lastDirection)")
                terms.append("\(column) COLLATE \(SQLFunctions.decimalCollation) \(lastDirection)")
            } else {
                terms.append("\(column) \(lastDirection)")
            }
        }
        // Rows equal on every key come in primary-key order, the order they were inserted.
        terms.append("t.\"Z_PK\" \(lastDirection)")
        return SortTranslation(orderBy: terms.joined(separator: ", "), joins: joinSQL, touchedTables: touched)
    }

    static func resolve<T: PersistentModel>(_ keyPath: PartialKeyPath<T>, entity: Schema.Entity, model: T.Type) -> Result<Key, UnsupportedPredicate> {
        lock.lock()
        if let cached = cache[keyPath] { lock.unlock(); return cached }
        lock.unlock()
        let result = computeKey(keyPath, entity: entity, model: model)
        lock.lock()
        cache[keyPath] = result
        lock.unlock()
        return result
    }

    private static func computeKey<T: PersistentModel>(_ keyPath: PartialKeyPath<T>, entity: Schema.Entity, model: T.Type) -> Result<Key, UnsupportedPredicate> {
        if let property = entity.storedPropertiesByKeyPath[keyPath], property.attribute != nil {
            return orderable(property).map { Key(hops: [], attribute: property, destinations: []) }
        }
        guard let parsed = KeyPathComponents(keyPath) else {
            return .failure(UnsupportedPredicate("the sort key path \(keyPath) is not a chain of persisted properties"))
        }
        var current = entity
        var hops: [StoredProperty] = []
        var destinations: [Schema.Entity] = []
        let components = parsed.components
        for (index, component) in components.enumerated() {
            guard let property = KeyPathComponents.properties(of: current)[component.id] else { break }
            let isLast = index == components.count - 1
            if !parsed.fieldNames.isEmpty {
                // `\.address.city`: a field of the model's own Codable attribute (the check
                // makes models of this entity, so not one through a relationship).
                guard isLast, index == 0, let attribute = property.attribute else { break }
                return jsonField(keyPath, names: parsed.fieldNames, attribute: attribute, property: property, model: model)
                    .map { Key(hops: hops, attribute: property, destinations: destinations, field: $0) }
            }
            if let relationship = property.relationship, relationship.storesForeignKey, !isLast {
                hops.append(property)
                current = EntityCatalog.entity(for: relationship.destinationType)
                destinations.append(current)
                continue
            }
            guard let attribute = property.attribute else { break }
            if isLast {
                return orderable(property).map { Key(hops: hops, attribute: property, destinations: destinations) }
            }
            // `\.status.rawValue`: the enum's raw value, which is what the column holds.
            if index == components.count - 2, hops.isEmpty, attribute.codec.kind == .rawValue,
               returnsRawValue(keyPath, attribute: attribute, property: property, model: model) {
                return .success(Key(hops: [], attribute: property, destinations: []))
            }
            break
        }
        return .failure(UnsupportedPredicate("the sort key path \(keyPath) is not a chain of persisted properties and raw values"))
    }

    /// The field of a `Codable` attribute a sort key path reads, when SQL orders it as
    /// Swift does: text, integers, booleans (and doubles where the dialect reads them
    /// exactly). The key path is checked on models made from probe JSON (see `JSONField`).
    private static func jsonField<T: PersistentModel>(_ keyPath: PartialKeyPath<T>, names: [String], attribute: Schema.Attribute,
                                                      property: StoredProperty, model: T.Type) -> Result<JSONField, UnsupportedPredicate> {
        guard let codec = attribute.codec, codec.kind == .json else {
            return .failure(UnsupportedPredicate("the sort key path \(keyPath) reads into \(property.name), which is not stored as JSON"))
        }
        let rootType = (codec.valueType as? any _OptionalType.Type)?._wrappedType ?? codec.valueType
        var columns = Array(repeating: Int32(-1), count: T._$entity.persistedProperties.count)
        columns[property.index] = 0
        let read: (Any) -> Any? = { value in
            guard case .text(let json)? = try? codec.encode(value) else { return nil }
            var reader = _ModelReader(row: JSONProbeRow(json), columns: columns, entityName: T._$entityName)
            guard let probe = try? T(_$reader: &reader) else { return nil }
            return probe[keyPath: keyPath]
        }
        let resolved = JSONField.resolve(keyPath, rootType: rootType, valueType: type(of: keyPath).valueType, candidates: [names], read: read)
        guard case .success(let field) = resolved else { return resolved }
        guard !field.isEnumeration, field.kind != .object else {
            return .failure(UnsupportedPredicate("sorting by the field \(names.joined(separator: ".")) of \(property.name): SQL does not order it as Swift does"))
        }
        return .success(field)
    }

    /// Whether SQLite orders the stored form of the property as the property's own `<` does.
    private static func orderable(_ property: StoredProperty) -> Result<Void, UnsupportedPredicate> {
        guard let attribute = property.attribute else { return .failure(UnsupportedPredicate("sorting by a relationship")) }
        let codec = attribute.codec!
        switch codec.kind {
        case .json:
            return .failure(UnsupportedPredicate("sorting by \(property.name), stored as JSON"))
        case .rawValue:
            let type = (codec.valueType as? any _OptionalType.Type)?._wrappedType ?? codec.valueType
            return enumOrderMatchesRawValues(type) ? .success(())
                : .failure(UnsupportedPredicate("sorting by \(property.name): the enum's < is not its raw values' order"))
        case .primitive:
            if codec.storedType == Bool.self {
                return less(false, true) == true ? .success(())
                    : .failure(UnsupportedPredicate("sorting by \(property.name): Bool's < does not put false first"))
            }
            return .success(())
        }
    }

    private static func enumOrderMatchesRawValues(_ type: Any.Type) -> Bool {
        guard let iterable = type as? any CaseIterable.Type else { return false }
        let cases = RawValueKeyPath.allCases(iterable)
        for a in cases {
            for b in cases {
                guard let raw1 = (a as? any RawRepresentable)?.rawValue, let raw2 = (b as? any RawRepresentable)?.rawValue,
                      let own = less(a, b), let stored = less(raw1, raw2), own == stored else { return false }
            }
        }
        return true
    }

    /// `a < b` through `a`'s Comparable conformance, if it has one.
    static func less(_ a: Any, _ b: Any) -> Bool? {
        func open<C: Comparable>(_ a: C) -> Bool? { (b as? C).map { a < $0 } }
        guard let comparable = a as? any Comparable else { return nil }
        return open(comparable)
    }

    /// Checks that the key path returns the attribute's raw value for every case,
    /// on instances of the model that hold only that attribute, read from a row.
    private static func returnsRawValue<T: PersistentModel>(_ keyPath: PartialKeyPath<T>, attribute: Schema.Attribute,
                                                            property: StoredProperty, model: T.Type) -> Bool {
        let codec = attribute.codec!
        let enumType = (codec.valueType as? any _OptionalType.Type)?._wrappedType ?? codec.valueType
        guard let iterable = enumType as? any CaseIterable.Type, let database = try? DatabaseQueue() else { return false }
        var columns = Array(repeating: Int32(-1), count: T._$entity.persistedProperties.count)
        columns[property.index] = 0
        do {
            return try database.read { db in
                try db.withStatement("SELECT ?") { statement in
                    for value in RawValueKeyPath.allCases(iterable) {
                        guard let raw = (value as? any RawRepresentable)?.rawValue as? any _PrimitiveValue else { return false }
                        sqlite3_reset(statement)
                        db.bind([raw._storedValue.databaseValue], to: statement)
                        guard try db.step(statement) else { return false }
                        var reader = _ModelReader(statement: statement, columns: columns, entityName: T._$entityName)
                        let probe = try T(_$reader: &reader)
                        let read = probe[keyPath: keyPath]
                        let unwrapped: Any? = (read as? any _OptionalType).map { $0._unwrapped } ?? read
                        guard let result = unwrapped as? any _PrimitiveValue, raw._storedValue == result._storedValue else { return false }
                    }
                    return true
                }
            }
        } catch {
            return false
        }
    }
}
