import Foundation

/// A ``DataStore`` that deletes many models in one request: `ModelContext.delete(model:where:)`
/// sends it a ``DataStoreBatchDeleteRequest`` instead of fetching and deleting each model.
public protocol DataStoreBatching: DataStore {
    func delete<T: PersistentModel>(_ request: DataStoreBatchDeleteRequest<T>) throws
}
