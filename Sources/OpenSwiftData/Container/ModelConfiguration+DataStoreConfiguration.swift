import Foundation

/// A ``ModelConfiguration`` describes the SQLite store, which SwiftData's code names
/// ``DefaultStore``: so `ModelConfiguration.Store` compiles, and a container given
/// `[any DataStoreConfiguration]` opens the SQLite store for each `ModelConfiguration`
/// among them (directly, not through the store's snapshots).
extension ModelConfiguration: DataStoreConfiguration {
    public typealias Store = DefaultStore
}
