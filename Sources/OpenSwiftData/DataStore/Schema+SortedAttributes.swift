import Foundation

extension Schema.Entity {
    /// The attribute each descriptor sorts by, and whether in ascending order; nil when
    /// one sorts by anything else (a relationship's attribute, a computed property, a
    /// string comparator). For stores of this package that sort in SQL.
    package func sortedAttributes<T: PersistentModel>(_ descriptors: [SortDescriptor<T>]) -> [(attribute: Schema.Attribute, ascending: Bool)]? {
        var sorted: [(attribute: Schema.Attribute, ascending: Bool)] = []
        for descriptor in descriptors {
            guard descriptor.stringComparator == nil, let keyPath = descriptor.keyPath,
                  let attribute = storedPropertiesByKeyPath[keyPath]?.attribute else { return nil }
            sorted.append((attribute, descriptor.order == .forward))
        }
        return sorted
    }
}

extension Schema.Entity {
    /// As `sortedAttributes`, and a key path into a `Codable` attribute also sorts by the
    /// field of its JSON it reads (`\Trip.address.city`), where SQL orders that field as
    /// Swift does (see `JSONField`); nil when a descriptor sorts by anything else.
    package func sortedColumns<T: PersistentModel>(_ descriptors: [SortDescriptor<T>]) -> [(attribute: Schema.Attribute, field: JSONField?, ascending: Bool)]? {
        var sorted: [(attribute: Schema.Attribute, field: JSONField?, ascending: Bool)] = []
        for descriptor in descriptors {
            guard descriptor.stringComparator == nil, let keyPath = descriptor.keyPath else { return nil }
            if let attribute = storedPropertiesByKeyPath[keyPath]?.attribute {
                sorted.append((attribute, nil, descriptor.order == .forward))
                continue
            }
            guard case .success(let key) = SortTranslator.resolve(keyPath, entity: self, model: T.self), key.hops.isEmpty,
                  let field = key.field, let attribute = key.attribute.attribute else { return nil }
            sorted.append((attribute, field, descriptor.order == .forward))
        }
        return sorted
    }
}
