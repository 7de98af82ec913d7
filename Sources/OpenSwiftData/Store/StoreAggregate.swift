/// An aggregate a context asks a store to compute: `function` (`SUM`, `AVG`, `MIN`,
/// `MAX`, `COUNT`) of an attribute over the rows a predicate selects, for each value of
/// another attribute or over them all.
package struct StoreAggregate<T: PersistentModel> {
    package enum Function: String, Sendable { case sum = "SUM", average = "AVG", minimum = "MIN", maximum = "MAX", count = "COUNT" }

    package var function: Function
    /// The attribute aggregated; nil for a count.
    package var value: Schema.Attribute?
    /// The attribute whose values group the rows; nil for one group of every row.
    package var group: Schema.Attribute?
    package var request: StoreFetchRequest<T>
}
