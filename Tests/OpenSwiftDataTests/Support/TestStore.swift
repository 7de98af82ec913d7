import Foundation
import OpenSwiftData

/// A store file in a fresh temporary directory, removed when the test's value is released.
final class TestStore {
    let directory: URL
    let url: URL

    init(_ name: String = "test.store") {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("OpenSwiftDataTests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func container(_ types: any PersistentModel.Type...) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(url: url)])
    }
}

func inMemoryContainer(_ types: any PersistentModel.Type...) throws -> ModelContainer {
    try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
}
