import Foundation

// Aggregates computed by SQLite (SwiftData has none): sum, average, minimum,
// maximum and count, over the models a predicate selects, optionally grouped by an
// attribute. Typed with key paths.
//
// SQLite computes them when the predicate runs entirely in SQL and the context has
// no unsaved changes of the entity (or of the models the predicate reads); then no
// model is materialised; decimals are summed and ordered exactly, by SQLFunctions.
// Otherwise the same answer is computed in Swift.
extension ModelContext {
    /// The sum of an attribute over the selected models; zero when none.
    public func sum<T: PersistentModel, Value: AdditiveArithmetic>(of keyPath: KeyPath<T, Value>,
                                                                   where predicate: Predicate<T>? = nil) throws -> Value {
        try sum(of: keyPath, groupedBy: \T.persistentModelID.entityName, where: predicate).values.first ?? .zero
    }

    /// The sums of an attribute for each value of another.
    public func sum<T: PersistentModel, Value: AdditiveArithmetic, Key: Hashable>(
        of keyPath: KeyPath<T, Value>, groupedBy key: KeyPath<T, Key>, where predicate: Predicate<T>? = nil
    ) throws -> [Key: Value] {
        try aggregate("SUM", of: keyPath, groupedBy: key, where: predicate,
                      decode: { value, codec in value.isNull ? Value.zero : codec.flatMap { try? $0.decode(value) as? Value } },
                      inSwift: { $0.reduce(Value.zero, +) })
    }

    /// The mean of a numeric attribute over the selected models; nil when none.
    public func average<T: PersistentModel, Value: Numeric>(of keyPath: KeyPath<T, Value>,
                                                            where predicate: Predicate<T>? = nil) throws -> Double? {
        try average(of: keyPath, groupedBy: \T.persistentModelID.entityName, where: predicate).values.first
    }

    /// The means of a numeric attribute for each value of another.
    public func average<T: PersistentModel, Value: Numeric, Key: Hashable>(
        of keyPath: KeyPath<T, Value>, groupedBy key: KeyPath<T, Key>, where predicate: Predicate<T>? = nil
    ) throws -> [Key: Double] {
        try aggregate("AVG", of: keyPath, groupedBy: key, where: predicate,
                      decode: { value, _ in Double._decode(value) },
                      inSwift: { values in
                          let doubles = values.compactMap { Double("\($0)") }
                          return doubles.isEmpty ? nil : doubles.reduce(0, +) / Double(doubles.count)
                      })
    }

    /// The least value of an attribute over the selected models; nil when none.
    public func minimum<T: PersistentModel, Value: Comparable>(of keyPath: KeyPath<T, Value>,
                                                               where predicate: Predicate<T>? = nil) throws -> Value? {
        try extremum("MIN", of: keyPath, groupedBy: \T.persistentModelID.entityName, where: predicate).values.first
    }

    /// The greatest value of an attribute over the selected models; nil when none.
    public func maximum<T: PersistentModel, Value: Comparable>(of keyPath: KeyPath<T, Value>,
                                                               where predicate: Predicate<T>? = nil) throws -> Value? {
        try extremum("MAX", of: keyPath, groupedBy: \T.persistentModelID.entityName, where: predicate).values.first
    }

    /// The least value of an attribute for each value of another.
    public func minimum<T: PersistentModel, Value: Comparable, Key: Hashable>(
        of keyPath: KeyPath<T, Value>, groupedBy key: KeyPath<T, Key>, where predicate: Predicate<T>? = nil
    ) throws -> [Key: Value] {
        try extremum("MIN", of: keyPath, groupedBy: key, where: predicate)
    }

    /// The greatest value of an attribute for each value of another.
    public func maximum<T: PersistentModel, Value: Comparable, Key: Hashable>(
        of keyPath: KeyPath<T, Value>, groupedBy key: KeyPath<T, Key>, where predicate: Predicate<T>? = nil
    ) throws -> [Key: Value] {
        try extremum("MAX", of: keyPath, groupedBy: key, where: predicate)
    }

    /// How many selected models have each value of an attribute.
    public func count<T: PersistentModel, Key: Hashable>(groupedBy key: KeyPath<T, Key>,
                                                         where predicate: Predicate<T>? = nil) throws -> [Key: Int] {
        try aggregate("COUNT", of: \T.persistentModelID, groupedBy: key, where: predicate,
                      decode: { value, _ in Int._decode(value) }, inSwift: { $0.count })
    }

    private func extremum<T: PersistentModel, Value: Comparable, Key: Hashable>(
        _ function: String, of keyPath: KeyPath<T, Value>, groupedBy key: KeyPath<T, Key>, where predicate: Predicate<T>?
    ) throws -> [Key: Value] {
        try aggregate(function, of: keyPath, groupedBy: key, where: predicate,
                      decode: { value, codec in codec.flatMap { try? $0.decode(value) as? Value } },
                      inSwift: { function == "MIN" ? $0.min() : $0.max() })
    }

    /// Runs `function` in the store when it gives Swift's answer, else folds the values in Swift.
    private func aggregate<T: PersistentModel, Value, Key: Hashable, Result>(
        _ function: String, of keyPath: KeyPath<T, Value>, groupedBy key: KeyPath<T, Key>, where predicate: Predicate<T>?,
        decode: (StoredValue, ValueCodec?) -> Result?, inSwift: ([Value]) -> Result?
    ) throws -> [Key: Result] {
        let entity = T._$entity
        let wholeTable = key == \T.persistentModelID.entityName
        let keyAttribute = entity.storedPropertiesByKeyPath[key]?.attribute
        let valueAttribute = entity.storedPropertiesByKeyPath[keyPath]?.attribute
        if (wholeTable || keyAttribute != nil), let storeFunction = StoreAggregate<T>.Function(rawValue: function),
           let rows = try store(of: T.self).aggregate(StoreAggregate(function: storeFunction, value: valueAttribute, group: wholeTable ? nil : keyAttribute,
                                                         request: request(FetchDescriptor(predicate: predicate)))) {
            var result: [Key: Result] = [:]
            for (group, value) in rows {
                let groupKey: Key
                if wholeTable {
                    groupKey = T._$entityName as! Key
                } else {
                    guard let decoded = try keyAttribute!.codec.decode(group) as? Key else { continue }
                    groupKey = decoded
                }
                if let value = decode(value, valueAttribute?.codec) { result[groupKey] = value }
            }
            return result
        }
        var groups: [Key: [Value]] = [:]
        for model in try fetch(FetchDescriptor(predicate: predicate)) {
            groups[model[keyPath: key], default: []].append(model[keyPath: keyPath])
        }
        if wholeTable && groups.isEmpty && function == "SUM" { groups[T._$entityName as! Key] = [] }
        return groups.compactMapValues(inSwift)
    }
}
