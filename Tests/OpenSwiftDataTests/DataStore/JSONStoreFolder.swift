import CustomStoreSupport
import Foundation
import OpenSwiftData

/// A temporary folder with a JSON store's file, removed when the test's value is released.
final class JSONStoreFolder {
    let directory: URL
    let fileURL: URL
    let configuration: JSONStoreConfiguration

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("DataStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fileURL = directory.appendingPathComponent("voyages.json")
        configuration = JSONStoreConfiguration(name: "Voyages", fileURL: fileURL)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A new container on the store's file, as a program that starts again would make.
    func container() throws -> ModelContainer {
        try ModelContainer(for: Voyage.self, Leg.self, Guide.self, configurations: configuration)
    }

    /// Saves voyages of these names and day counts in a container of their own.
    func save(_ voyages: [(String, Int)]) throws {
        let context = ModelContext(try container())
        for (name, days) in voyages { context.insert(Voyage(name: name, days: days)) }
        try context.save()
    }
}
