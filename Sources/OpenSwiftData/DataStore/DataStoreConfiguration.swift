import Foundation

/// Describes a custom ``DataStore`` to a ``ModelContainer``, as ``ModelConfiguration``
/// describes the SQLite store: `ModelContainer(for: Trip.self, configurations: JSONStoreConfiguration(...))`.
public protocol DataStoreConfiguration: Hashable {
    associatedtype Store: DataStore where Store.Configuration == Self

    var name: String { get }
    /// The models the store keeps; the container sets it to its own schema when nil.
    var schema: Schema? { get set }

    /// Throws when the configuration cannot be used; the container calls it before
    /// it creates the store.
    func validate() throws
}

extension DataStoreConfiguration {
    /// A configuration is valid unless it says otherwise.
    public func validate() throws {}
}
