import Foundation

/// A context's request for the snapshots of the models a descriptor selects.
public struct DataStoreFetchRequest<T: PersistentModel>: @unchecked Sendable {
    public let descriptor: FetchDescriptor<T>
    public let editingState: EditingState

    init(descriptor: FetchDescriptor<T>, editingState: EditingState) {
        self.descriptor = descriptor
        self.editingState = editingState
    }
}
