/// A store that replaces the temporary identifiers in the relationships of the
/// snapshots it saves with the permanent ones it gives: the context need not send
/// those models again (see `ModelContext.saveToCustomStore`).
package protocol DataStoreResolvingInsertedIdentifiers: DataStore {}
