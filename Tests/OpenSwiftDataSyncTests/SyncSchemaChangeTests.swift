import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// An app version that gives a relationship with no inverse an inverse changes how sync
/// reads its members. A server started on that version carries the members synced before
/// it, so that devices made after the change hold what the devices that synced before it
/// hold.
@Suite struct SyncSchemaChangeTests {
    typealias Before = RelationshipsBefore
    typealias After = RelationshipsAfter

    @Test func aShowsCardsGivenAManyToManyInverseKeepTheCardsSyncedBeforeOnADeviceMadeAfter() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncShowWithCardBefore()
        try world.startServerAfter()
        let new = try await world.syncedDeviceAfter("new")
        #expect(try SchemaChangeWorld.cards(in: new) == ["show: c1"])
        let old = try await world.syncedDeviceAfter("old")
        #expect(try SchemaChangeWorld.cards(in: old) == ["show: c1"])
    }

    @Test func anEntrysListsGivenAManyToManyInverseKeepTheListsSyncedBeforeOnADeviceMadeAfter() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncBefore { context in
            let entry = Before.ChangeEntry(name: "e1")
            context.insert(entry)
            entry.lists = [Before.ChangeList(name: "groceries")]
        }
        try world.startServerAfter()
        let new = try await world.syncedDeviceAfter("new")
        let entries = try ModelContext(new).fetch(FetchDescriptor<After.ChangeList>()).map { ($0.entries ?? []).map(\.name) }
        #expect(entries == [["e1"]])
    }

    @Test func aShelfsBooksGivenAToOneInverseKeepTheirShelfOnADeviceMadeAfter() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncBefore { context in
            let shelf = Before.ChangeShelf(name: "shelf")
            context.insert(shelf)
            shelf.books = [Before.ChangeBook(name: "b1"), Before.ChangeBook(name: "b2")]
        }
        try world.startServerAfter()
        let new = try await world.syncedDeviceAfter("new")
        let books = try ModelContext(new).fetch(FetchDescriptor<After.ChangeBook>(sortBy: [SortDescriptor(\.name)]))
        #expect(books.map { $0.shelf?.name } == ["shelf", "shelf"])
        let shelves = try ModelContext(new).fetch(FetchDescriptor<After.ChangeShelf>())
        #expect(shelves.map { ($0.books ?? []).map(\.name) } == [["b1", "b2"]])
    }

    @Test func aPassportGivenItsHolderAsInverseStaysWithItsPersonOnADeviceMadeAfter() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncBefore { context in
            let person = Before.ChangePerson(name: "Ada")
            context.insert(person)
            person.passport = Before.ChangePassport(name: "P-1")
        }
        try world.startServerAfter()
        let new = try await world.syncedDeviceAfter("new")
        let people = try ModelContext(new).fetch(FetchDescriptor<After.ChangePerson>())
        #expect(people.map { $0.passport?.name } == ["P-1"])
        #expect(try ModelContext(new).fetch(FetchDescriptor<After.ChangePassport>()).map { $0.holder?.name } == ["Ada"])
    }

    @Test func cardsAddedBeforeAndAfterTheChangeOnTwoDevicesAreHeldByEveryDevice() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncShowWithCardBefore()
        try world.startServerAfter()
        let old = try world.deviceAfter("old"), new = try world.deviceAfter("new")
        try await new.client.syncOnce()
        try SchemaChangeWorld.addCard("c2", in: old.container)
        try SchemaChangeWorld.addCard("c3", in: new.container)
        try await old.client.syncOnce()
        try await new.client.syncOnce()
        try await old.client.syncOnce()
        let third = try await world.syncedDeviceAfter("third")
        for container in [old.container, new.container, third] {
            #expect(try SchemaChangeWorld.cards(in: container) == ["show: c1,c2,c3"])
        }
    }

    @Test func aCardTakenOutAfterTheChangeStaysOutWhenTheServerStartsOnALaterVersion() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncShowWithCardBefore()
        try world.startServerAfter()
        let new = try world.deviceAfter("new")
        try await new.client.syncOnce()
        try SchemaChangeWorld.takeTheCardsOutOfTheShow(in: new.container)
        try await new.client.syncOnce()
        try world.startServerAfter(version: "2.1.0")
        let later = try await world.syncedDeviceAfter("later", version: "2.1.0")
        #expect(try SchemaChangeWorld.cards(in: later) == ["show: "])
    }

    @Test func aCardOneDeviceTookOutOfAShowStaysOutWhenAnotherPutItInASecondShowWithoutKnowing() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncShowWithCardBefore(also: { $0.insert(Before.ChangeShow(name: "spring")) })
        try world.startServerAfter()
        let one = try world.deviceAfter("one"), other = try world.deviceAfter("other")
        try await one.client.syncOnce()
        try await other.client.syncOnce()
        try SchemaChangeWorld.takeTheCardsOutOfTheShow(in: one.container)
        try await one.client.syncOnce()
        // The other device, not yet knowing, writes the card's shows with both.
        try other.container.edit { context in
            let card = try #require(try context.fetch(FetchDescriptor<After.ChangeItem>()).first)
            try context.fetch(FetchDescriptor<After.ChangeShow>(predicate: #Predicate { $0.name == "spring" })).first?.cards = [card]
        }
        try await other.client.syncOnce()
        try world.startServerAfter(version: "2.1.0")
        let later = try await world.syncedDeviceAfter("later", version: "2.1.0")
        #expect(try SchemaChangeWorld.cards(in: later) == ["show: ", "spring: c1"])
    }

    @Test func aCardTakenOutBeforeTheServerWasGivenTheSchemaIsNotBroughtBack() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncShowWithCardBefore()
        // A server of the new version that was not given the app's schema carries nothing.
        try world.startServerAfter(withSchema: false)
        let old = try world.deviceAfter("old")
        try SchemaChangeWorld.takeTheCardsOutOfTheShow(in: old.container)
        try await old.client.syncOnce()
        try world.startServerAfter()
        try await old.client.syncOnce()
        let new = try await world.syncedDeviceAfter("new")
        #expect(try SchemaChangeWorld.cards(in: new) == ["show: "])
        #expect(try SchemaChangeWorld.cards(in: old.container) == ["show: "])
    }

    @Test func aServerStartedAgainOnItsVersionLogsNothingMore() async throws {
        let world = try SchemaChangeWorld()
        try await world.syncShowWithCardBefore()
        try world.startServerAfter()
        let logged = try world.logLength()
        try world.startServerAfter()
        #expect(try world.logLength() == logged)
        #expect(logged == 3)
    }
}

/// One account's server and devices, on store files, synced first with the app's first
/// version and then with its second.
final class SchemaChangeWorld {
    let stores: TemporaryStores
    private(set) var server: SyncServer?
    private let account = "alice"

    init() throws { stores = try TemporaryStores() }

    /// A device of the first version makes its models in `body` and syncs them; the
    /// server of the first version is started for it. The device's store is named "old".
    /// A show with card c1, synced by the first version's device (more models made in `also`).
    func syncShowWithCardBefore(also: (ModelContext) throws -> Void = { _ in }) async throws {
        try await syncBefore { context in
            let show = RelationshipsBefore.ChangeShow(name: "show")
            context.insert(show)
            show.cards = [RelationshipsBefore.ChangeItem(name: "c1")]
            try also(context)
        }
    }

    func syncBefore(_ body: (ModelContext) throws -> Void) async throws {
        let server = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: "1.0.0",
                                    schema: try SyncedSchema(Schema(RelationshipsBefore.models)))
        let container = try stores.container("old", RelationshipsBefore.models + SyncClient.models)
        try container.edit(body)
        let client = try SyncClient(modelContainer: container, account: account,
                                    transport: InProcessSyncTransport(server: server, signedInAs: account), schemaVersion: "1.0.0")
        try await client.syncOnce()
    }

    /// Starts the server of the second version on the same store.
    func startServerAfter(version: String = "2.0.0", withSchema: Bool = true) throws {
        server = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: version,
                                schema: withSchema ? try SyncedSchema(Schema(RelationshipsAfter.models)) : nil)
    }

    /// A device of the second version on the store named `name`: "old" is the first
    /// version's device, its store migrated.
    func deviceAfter(_ name: String, version: String = "2.0.0") throws -> (container: ModelContainer, client: SyncClient) {
        let server = try #require(server, "start the server of the second version first")
        let container = try stores.container(name, RelationshipsAfter.models + SyncClient.models)
        let client = try SyncClient(modelContainer: container, account: account,
                                    transport: InProcessSyncTransport(server: server, signedInAs: account), schemaVersion: version)
        return (container, client)
    }

    func syncedDeviceAfter(_ name: String, version: String = "2.0.0") async throws -> ModelContainer {
        let device = try deviceAfter(name, version: version)
        try await device.client.syncOnce()
        return device.container
    }

    func logLength() throws -> Int {
        try ModelContext(try stores.container("server", SyncServer.models)).fetchCount(FetchDescriptor<SyncServerLogEntry>())
    }

    /// Each show with its cards' names, sorted.
    static func cards(in container: ModelContainer) throws -> [String] {
        try ModelContext(container).fetch(FetchDescriptor<RelationshipsAfter.ChangeShow>(sortBy: [SortDescriptor(\.name)])).map {
            "\($0.name): " + ($0.cards ?? []).map(\.name).sorted().joined(separator: ",")
        }
    }

    static func takeTheCardsOutOfTheShow(in container: ModelContainer) throws {
        try container.edit { context in
            try context.fetch(FetchDescriptor<RelationshipsAfter.ChangeShow>(predicate: #Predicate { $0.name == "show" })).first?.cards = []
        }
    }

    static func addCard(_ name: String, in container: ModelContainer) throws {
        try container.edit { context in
            let card = RelationshipsAfter.ChangeItem(name: name)
            context.insert(card)
            try context.fetch(FetchDescriptor<RelationshipsAfter.ChangeShow>()).first?.cards?.append(card)
        }
    }
}
