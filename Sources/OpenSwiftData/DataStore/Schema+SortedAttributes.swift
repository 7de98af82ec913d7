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
