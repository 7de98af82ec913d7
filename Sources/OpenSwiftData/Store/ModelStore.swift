import Foundation

/// What a context needs from a store: the seam between `ModelContext`, which keeps the
/// identity map, change tracking, delete rules, validation, undo and notifications,
/// and the stores that hold the rows.
///
/// Three kinds of store conform: `SQLiteStore` (the default, a file or memory),
/// `PostgresStore` (in `OpenSwiftDataPostgres`), and `DataStoreAdapter`, which puts a
/// program's own ``DataStore`` behind the same seam. A context holds no SQL of its own.
///
/// Rows come back through a closure called once per row with a ``StoreRow``: its key,
/// its entity and a reader positioned on it, from which the context makes a model (or
/// refreshes the one it holds). A SQLite row is read straight from its statement, a
/// PostgreSQL row from its cells, a custom store's from its snapshot.
///
/// The capabilities past saving are the engine's own, beyond SwiftData's `DataStore`:
/// their defaults say the store does not offer them (an aggregate or a batch delete is
/// then done by the context; history throws ``OpenSwiftDataError/unsupportedByCustomStore(store:operation:)``).
package protocol ModelStore: AnyObject, Sendable {
    /// The store's identifier, as the identifiers of its models name it.
    var identifier: String { get }
    /// The configuration's name, as errors name the store.
    var name: String { get }
    /// The models the store holds.
    var schema: Schema { get }
    /// Tells live queries of commits through the store.
    var changes: StoreChanges { get }
    /// The entities whose changes can change a fetch of `type`, as `changes` names them.
    func entitiesAffecting(_ type: any PersistentModel.Type) -> Set<String>
    /// Wakes the subscriber `id` of `changes` whenever another process commits to the
    /// store, until the returned task is cancelled; nil when the store cannot tell.
    func followCommitsOfOtherProcesses(for id: UUID) -> Task<Void, Never>?

    // MARK: Contexts

    /// A context opens on the store.
    func contextDidOpen(_ editingState: EditingState)
    /// A context on the store is released.
    func contextWillClose(_ editingState: EditingState)

    // MARK: Fetching

    /// Runs a fetch: calls `row` once per row, in order, and says what of the
    /// descriptor it left to the context.
    func fetch<T: PersistentModel>(_ request: StoreFetchRequest<T>, row: (inout StoreRow) throws -> Void) throws -> StoreFetchOutcome
    /// The number of models the request selects; nil when the store cannot count them
    /// by itself (part of the predicate runs in Swift, or pending changes matter).
    func count<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> Int?
    /// The keys of the models the request selects, in order; nil as for `count`.
    func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> [Int64]?
    /// The next `limit` keys above `after`, in key order, of the models the request
    /// selects, no higher than the highest key when the first page was asked for: an
    /// enumeration's pages. Nil when the store does not page (the context then reads
    /// every key first).
    func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>, after: Int64, through highest: Int64?, limit: Int) throws -> (keys: [Int64], highest: Int64)?
    /// The keys the request selects, in order, with the runs that share a value of
    /// `section` (an attribute the request's sort begins with); nil when the store
    /// cannot find them by itself (part of the fetch runs in Swift, or it has a window).
    func sections<T: PersistentModel>(_ request: StoreFetchRequest<T>, by section: Schema.Attribute) throws -> StoreSections?
    /// How a fetch runs in this store.
    func explain<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> FetchExplanation
    /// The rows of `entity` (and its subentities) with these keys, in any order; a key
    /// with no row is left out. `isPartial` and `columns` are a partial fetch's: the
    /// properties of `entity` to read (nil: every one).
    func fetchRows(of entity: Schema.Entity, keys: [Int64], properties: [Int]?, editingState: EditingState,
                   row: (inout StoreRow) throws -> Void) throws

    // MARK: Relationships and attributes

    /// The key of the model a to-one relationship of the row `key` holds; nil when none.
    func relatedKey(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship,
                    editingState: EditingState) throws -> Int64?
    /// The rows a to-many relationship of the row `key` holds, in their order.
    func fetchRelated(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship, editingState: EditingState,
                      row: (inout StoreRow) throws -> Void) throws
    /// The destinations of a relationship of many rows at once, each with its owner's
    /// key, a to-many relationship's members in order for each owner.
    func prefetch(_ relationship: Schema.Relationship, of owners: [Int64], entity: Schema.Entity, editingState: EditingState,
                  row: (_ owner: Int64, inout StoreRow) throws -> Void) throws
    /// One attribute of a row (one that a partial fetch left out); nil when the row is gone.
    func attributeValue(of key: Int64, entity: Schema.Entity, attribute: Schema.Attribute) throws -> StoredValue?
    /// The keys of the rows that hold one of these values of a unique constraint.
    func keys(holding values: [[StoredValue]], of constraint: [String], entity: Schema.Entity) throws -> [Int64]

    // MARK: Saving

    /// Whether a cascade along the relationship is one delete of the children in the
    /// store at save, without the context loading them (``Schema/cascadesByKey(_:)``).
    func cascadesInStore(_ relationship: Schema.Relationship) -> Bool
    /// Whether a member appended to the to-many relationship can be saved without the
    /// members already stored (``StoreChangeSet/toManyAppends``): the store places it
    /// after them by itself. A store that saves a model's whole member list (a
    /// ``DataStore``'s snapshot) cannot.
    func appendsWithoutLoading(_ relationship: Schema.Relationship) -> Bool
    /// Writes the changes atomically, with their history; on any error nothing is written.
    func save(_ changes: StoreChangeSet) throws -> StoreSaveResult
    /// Runs `body`, a context's ``ModelContext/transaction(block:)``, so that no other
    /// context or process writes to the store between its start and the context's save
    /// in it, which commits it; if `body` throws first, what it wrote is undone.
    func exclusively<T>(for editingState: EditingState, _ body: () throws -> T) throws -> T
    /// Deletes every row of every entity; the store keeps its schema.
    func erase() throws

    // MARK: The engine's own capabilities

    /// An aggregate over the rows, by group; nil when the store leaves it to the context.
    func aggregate<T: PersistentModel>(_ aggregate: StoreAggregate<T>) throws -> [(group: StoredValue, value: StoredValue)]?
    /// Sets attributes on the rows a request selects (or on the rows of `keys`) in one
    /// statement, and returns the keys of the rows it updated; nil, without writing,
    /// when part of the predicate runs in Swift (the context then finds the rows and
    /// asks again with their keys).
    func batchUpdate<T: PersistentModel>(_ request: StoreFetchRequest<T>, keys: [Int64]?,
                                         setting values: [(attribute: Schema.Attribute, value: StoredValue)], author: String?) throws -> [Int64]?
    /// Deletes, in the store, the rows of `T` a predicate selects; false when the store
    /// leaves it to the context (which fetches and deletes them).
    func batchDelete<T: PersistentModel>(_ type: T.Type, where predicate: Predicate<T>?, includeSubclasses: Bool,
                                         editingState: EditingState) throws -> Bool
    /// The history transactions within the bounds, in token order.
    func historyTransactions(within bounds: HistoryBounds) throws -> [DefaultHistoryTransaction]
    /// The number of the store's newest history transaction; nil when it has none.
    func latestHistoryTransaction() throws -> Int64?
    /// Deletes history transactions, with their changes.
    func deleteHistory(_ transactions: [Int64]) throws
}

extension ModelStore {
    /// The entity of `type` and every entity related to it in either direction (a
    /// predicate or a relationship may read them).
    package func entitiesAffecting(_ type: any PersistentModel.Type) -> Set<String> {
        let target = ObjectIdentifier(type)
        var names: Set<String> = []
        for entity in schema.entities {
            let isTarget = ObjectIdentifier(entity.modelType) == target
            if isTarget { names.insert(entity.name) }
            for relationship in entity.relationships where isTarget || ObjectIdentifier(relationship.destinationType) == target {
                names.insert(entity.name)
                names.insert(relationship.destination)
            }
        }
        return names
    }

    package func followCommitsOfOtherProcesses(for id: UUID) -> Task<Void, Never>? { nil }

    package func contextDidOpen(_ editingState: EditingState) {}
    package func contextWillClose(_ editingState: EditingState) {}

    package func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>, after: Int64, through highest: Int64?,
                                          limit: Int) throws -> (keys: [Int64], highest: Int64)? { nil }

    package func sections<T: PersistentModel>(_ request: StoreFetchRequest<T>, by section: Schema.Attribute) throws -> StoreSections? {
        nil
    }

    package func explain<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> FetchExplanation {
        throw unsupported("Explaining a fetch's SQL")
    }

    package func aggregate<T: PersistentModel>(_ aggregate: StoreAggregate<T>) throws -> [(group: StoredValue, value: StoredValue)]? { nil }

    package func batchUpdate<T: PersistentModel>(_ request: StoreFetchRequest<T>, keys: [Int64]?,
                                                 setting values: [(attribute: Schema.Attribute, value: StoredValue)],
                                                 author: String?) throws -> [Int64]? {
        throw unsupported("A batch update")
    }

    package func batchDelete<T: PersistentModel>(_ type: T.Type, where predicate: Predicate<T>?, includeSubclasses: Bool,
                                                 editingState: EditingState) throws -> Bool { false }

    package func historyTransactions(within bounds: HistoryBounds) throws -> [DefaultHistoryTransaction] {
        throw unsupported("History")
    }

    package func deleteHistory(_ transactions: [Int64]) throws {
        throw unsupported("History")
    }

    package func latestHistoryTransaction() throws -> Int64? {
        try historyTransactions(within: .all).last?.transactionIdentifier
    }

    /// A store that cannot hold off other writers runs the block as it is: its save is
    /// still atomic, but another writer may come between what the block reads and it.
    package func exclusively<T>(for editingState: EditingState, _ body: () throws -> T) throws -> T {
        try body()
    }

    /// A store places no appended member by itself unless it says so.
    package func appendsWithoutLoading(_ relationship: Schema.Relationship) -> Bool { false }

    /// The error of a capability this store does not offer.
    package func unsupported(_ operation: String) -> OpenSwiftDataError {
        .unsupportedByCustomStore(store: name, operation: operation)
    }

    /// The identifier of a row of this store.
    package func identifier(entityName: String, key: Int64) -> PersistentIdentifier {
        PersistentIdentifier(entityName: entityName, storeIdentifier: key > 0 ? identifier : nil, rowID: key)
    }
}
