import Foundation

extension Schema.Entity {
    /// The attribute each descriptor sorts by, with the field of its JSON when the key
    /// path reads into a `Codable` attribute (`\Trip.address.city`) and SQL orders that
    /// field as Swift does (see `JSONField`), and whether in ascending order; nil when one
    /// sorts by anything else (a relationship's attribute, a computed property, a string
    /// comparator). For stores of this package that sort in SQL.
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
