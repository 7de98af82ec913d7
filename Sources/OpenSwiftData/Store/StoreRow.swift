/// One row a store hands a context during a fetch: its key, the entity it is a row
/// of, and a reader positioned on it, from which the context makes the row's model
/// (`init(_$reader:)`) or refreshes the one it holds.
///
/// A store reuses one value for every row of a fetch, changing the key, and the entity
/// and reader only when a row of another entity of a hierarchy comes.
package struct StoreRow {
    /// The row's key: its model's `PersistentIdentifier` row number.
    package var key: Int64
    /// The entity of the row: the fetched entity, or one below it in its hierarchy.
    package var entity: Schema.Entity
    /// Reads the row's properties, in declaration order, from property 0.
    package var reader: _ModelReader
    /// Grows whenever the store may have changed since a model was read: a registered
    /// model read in an older generation takes the row's values (the merge rule).
    package var generation: UInt64
    /// The row holds only some of the entity's attributes (`propertiesToFetch`).
    package var isPartial: Bool

    package init(key: Int64, entity: Schema.Entity, reader: _ModelReader, generation: UInt64, isPartial: Bool = false) {
        self.key = key
        self.entity = entity
        self.reader = reader
        self.generation = generation
        self.isPartial = isPartial
    }
}
