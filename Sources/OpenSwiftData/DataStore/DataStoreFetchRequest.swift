import Foundation

/// A context's request for the snapshots of the models a descriptor selects.
public struct DataStoreFetchRequest<T: PersistentModel>: @unchecked Sendable {
    /// What to fetch: the predicate, sort descriptors, window and properties.
    public let descriptor: FetchDescriptor<T>
    /// The editing state of the context that fetches.
    public let editingState: EditingState

    init(descriptor: FetchDescriptor<T>, editingState: EditingState) {
        self.descriptor = descriptor
        self.editingState = editingState
    }
}
