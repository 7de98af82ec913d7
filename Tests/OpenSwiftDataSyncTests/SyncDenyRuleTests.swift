import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A shelf that cannot be deleted while it holds books.
@Model
final class SyncShelf {
    var label: String
    @Relationship(deleteRule: .deny, inverse: \SyncBook.shelf) var books: [SyncBook] = []

    init(label: String) { self.label = label }
}

@Model
final class SyncBook {
    var title: String
    var shelf: SyncShelf?

    init(title: String, shelf: SyncShelf? = nil) {
        self.title = title
        self.shelf = shelf
    }
}

/// `.deny` against a delete another device made (the Sync article's rule: a delete is final).
@Suite struct SyncDenyRuleTests {
    @Test("a remote delete of a model whose deny rule holds a model added meanwhile is applied, and the added model stays without it")
    func remoteDeleteOverridesDeny() async throws {
        let world = try SyncWorld(devices: 2, models: [SyncShelf.self, SyncBook.self])
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { $0.insert(SyncShelf(label: "top")) }
        try await world.syncAll()
        try a.container.edit { context in try context.fetch(FetchDescriptor<SyncShelf>()).forEach(context.delete) }
        try b.container.edit { context in
            let shelf = try #require(try context.fetch(FetchDescriptor<SyncShelf>()).first)
            context.insert(SyncBook(title: "added on B", shelf: shelf))
        }
        try await world.syncAll(rounds: 3)
        for device in world.devices {
            #expect(try device.container.all(SyncShelf.self).isEmpty)
            let books = try device.container.all(SyncBook.self)
            #expect(books.map(\.title) == ["added on B"])
            #expect(books.first?.shelf == nil)
            #expect(try await device.client.currentState() == world.serverState())
        }
    }
}
