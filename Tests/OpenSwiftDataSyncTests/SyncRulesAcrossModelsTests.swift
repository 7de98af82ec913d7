import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A shelf whose rule depends on its books, which do not know their shelf: a book made
/// thicker than the shelf takes changes only the book.
@Model
final class SyncBookcase: ValidatingModel {
    var name: String
    var depth: Int
    @Relationship(deleteRule: .nullify) var books: [SyncVolume] = []

    init(name: String, depth: Int) {
        self.name = name
        self.depth = depth
    }

    func validate() throws {
        if let book = books.first(where: { $0.thickness > depth }) { throw ShelfRuleError.tooThick(book.title, shelf: name) }
    }

    /// The shelves holding any of the books among `changed`.
    static func holding(anyOf changed: [any PersistentModel], in context: ModelContext) throws -> [any PersistentModel] {
        let books = Set(changed.compactMap { ($0 as? SyncVolume)?.persistentModelID })
        guard !books.isEmpty else { return [] }
        return try context.fetch(FetchDescriptor<SyncBookcase>()).filter { $0.books.contains { books.contains($0.persistentModelID) } }
    }
}

@Model
final class SyncVolume {
    var title: String
    var thickness: Int

    init(title: String, thickness: Int) {
        self.title = title
        self.thickness = thickness
    }
}

enum ShelfRuleError: Error, CustomStringConvertible {
    case tooThick(String, shelf: String)

    var description: String {
        switch self {
        case .tooThick(let title, let shelf): "\(title) is thicker than the shelf \(shelf) is deep."
        }
    }
}

@Suite struct SyncRulesAcrossModelsTests {
    /// A shelf of one book on two devices; the second device's client checks shelves holding the books a download changes.
    static func shelfOnTwoDevices() async throws -> (world: SyncWorld, checking: SyncClient) {
        let world = try SyncWorld(devices: 2, models: [SyncBookcase.self, SyncVolume.self])
        try await world.sharedFromFirstDevice { context in
            let shelf = SyncBookcase(name: "top", depth: 30)
            context.insert(shelf)
            shelf.books = [SyncVolume(title: "Atlas", thickness: 20)]
        }
        let device = world.devices[1]
        let checking = try SyncClient(modelContainer: device.container, account: world.account, transport: device.transport,
                                      modelsRuledByChanges: { changed, context in try SyncBookcase.holding(anyOf: changed, in: context) })
        return (world, checking)
    }

    /// The first device makes the book thicker than its shelf, which its own save does not check: the book alone changed.
    static func thickenTheBookOnTheFirstDevice(_ world: SyncWorld) async throws {
        try world.devices[0].container.edit { context in try context.fetch(FetchDescriptor<SyncVolume>()).first?.thickness = 40 }
        try await world.devices[0].client.syncOnce()
    }

    @Test("a download changing a model another's rule depends on reports that model's rule broken, given the models ruled by changes")
    func aModelWhoseRuleDependsOnADownloadedChangeIsReported() async throws {
        let (world, checking) = try await Self.shelfOnTwoDevices()
        try await Self.thickenTheBookOnTheFirstDevice(world)
        try await checking.syncOnce()
        #expect(await checking.downloadedRuleBreaks.map(\.reason) == ["Atlas is thicker than the shelf top is deep."])
    }

    @Test("a model whose rule a download's change broke is reported by every later sync until it is mended")
    func aModelRuledByAChangeIsReportedUntilMended() async throws {
        let (world, checking) = try await Self.shelfOnTwoDevices()
        try await Self.thickenTheBookOnTheFirstDevice(world)
        try await checking.syncOnce()
        try await checking.syncOnce()
        #expect(await checking.earlierRuleBreaks.map(\.reason) == ["Atlas is thicker than the shelf top is deep."])
        try world.devices[1].container.edit { context in try context.fetch(FetchDescriptor<SyncBookcase>()).first?.depth = 50 }
        try await checking.syncOnce()
        #expect(await checking.earlierRuleBreaks.isEmpty)
    }

    @Test("without the models ruled by changes, a download checks the rules of the models it changed alone")
    func withoutTheHookOnlyChangedModelsAreChecked() async throws {
        let (world, _) = try await Self.shelfOnTwoDevices()
        try await Self.thickenTheBookOnTheFirstDevice(world)
        try await world.devices[1].client.syncOnce()
        #expect(await world.devices[1].client.downloadedRuleBreaks.isEmpty)
    }
}
