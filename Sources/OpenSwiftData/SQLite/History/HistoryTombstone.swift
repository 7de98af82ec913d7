import Foundation

/// What remains of a deleted model in history: the values of its attributes marked
/// `@Attribute(.preserveValueOnDeletion)`, as they were when it was deleted.
public struct HistoryTombstone<Model: PersistentModel>: Sendable, Sequence {
    /// A preserved attribute: its key path and its value when the model was deleted.
    public typealias Element = (keyPath: any PartialKeyPath<Model> & Sendable, value: any Sendable)

    /// Preserved values by property name, in declaration order.
    let values: [(name: String, value: any Sendable)]

    /// The preserved value of the attribute at `keyPath`; nil when the attribute is
    /// not preserved (or its value was nil).
    public subscript(keyPath: PartialKeyPath<Model>) -> (any Sendable)? {
        guard let name = Model._$entity.storedPropertiesByKeyPath[keyPath]?.name,
              let value = values.first(where: { $0.name == name })?.value else { return nil }
        // An optional attribute's value is reported unwrapped, and nil when it was nil.
        if let optional = value as? any _OptionalType {
            guard let unwrapped = optional._unwrapped else { return nil }
            return unsafeBitCast(unwrapped as Any, to: (any Sendable).self)
        }
        return value
    }

    /// An iterator over the preserved attributes.
    public func makeIterator() -> Iterator {
        let entity = Model._$entity
        let elements = values.compactMap { entry -> Element? in
            guard let property = entity.storedProperty(named: entry.name),
                  let keyPath = HistoryKeyPaths.sendable(property.keyPath, of: Model.self) else { return nil }
            return (keyPath, entry.value)
        }
        return Iterator(elements: elements.makeIterator())
    }

    /// Iterates over a tombstone's preserved attributes.
    public struct Iterator: IteratorProtocol {
        var elements: IndexingIterator<[Element]>
        /// The next preserved attribute, or nil after the last.
        public mutating func next() -> Element? { elements.next() }
    }
}
