import Foundation
import OpenSwiftData

// Support for the model-form tests, which are compiled under every build setting an app
// can have: `nonisolated` keeps it usable from any isolation whatever the target's default.

/// A store file in a fresh temporary directory, removed when the test's value is released.
nonisolated final class TestStore {
    let directory: URL
    let url: URL

    init(_ name: String = "test.store") {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ModelForms-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func container(_ types: any PersistentModel.Type...) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(url: url)])
    }
}

nonisolated func inMemoryContainer(_ types: any PersistentModel.Type...) throws -> ModelContainer {
    try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
}

/// Set from an observation's `onChange`, which may run on any thread.
nonisolated final class ObservationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
