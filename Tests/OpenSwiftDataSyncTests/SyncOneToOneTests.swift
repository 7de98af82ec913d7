import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A one-to-one relationship synced as a value on each side: two models are related when
/// each names the other (the Sync article states the rule).
@Suite struct SyncOneToOneTests {
    /// Lets the wall clock move on, so that the next write is later by the clock.
    func later() async throws { try await Task.sleep(for: .milliseconds(5)) }

    func person(_ name: String, _ context: ModelContext) throws -> SyncPerson {
        try #require(try context.fetch(FetchDescriptor<SyncPerson>(predicate: #Predicate { $0.name == name })).first)
    }

    func desk(_ context: ModelContext) throws -> SyncDesk {
        try #require(try context.fetch(FetchDescriptor<SyncDesk>()).first)
    }

    /// Each person's desk's label, by person.
    func desks(_ container: ModelContainer) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try container.all(SyncPerson.self).map { ($0.name, $0.desk?.label ?? "none") })
    }

    /// Every device relates people and desks as `expected` says, and holds the server's state.
    func expectEveryDevice(_ world: SyncWorld, toHave expected: [String: String]) async throws {
        for device in world.devices {
            #expect(try desks(device.container) == expected)
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    /// Ann, Bob and a desk no one has, made on the first device and synced to every device.
    func worldWithTwoPeopleAndADesk(devices: Int) async throws -> SyncWorld {
        try await SyncWorld(devices: devices, models: syncPairedTestModels).sharedFromFirstDevice { context in
            context.insert(SyncPerson(name: "ann"))
            context.insert(SyncPerson(name: "bob"))
            context.insert(SyncDesk(label: "window"))
        }
    }

    @Test("a one-to-one set on one device reaches the other, from either side")
    func setFromEitherSideReachesOtherDevice() async throws {
        let world = try SyncWorld(devices: 2, models: syncPairedTestModels)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let ann = SyncPerson(name: "ann")
            context.insert(ann)
            context.insert(SyncPerson(name: "bob"))
            let desk = SyncDesk(label: "window")
            context.insert(desk)
            desk.owner = ann
        }
        try await world.syncAll()
        #expect(try desks(b.container) == ["ann": "window", "bob": "none"])
        // From the side that holds no key in the store.
        try b.container.edit { context in try person("bob", context).desk = try desk(context) }
        try await world.syncAll()
        try await expectEveryDevice(world, toHave: ["ann": "none", "bob": "window"])
    }

    @Test("two devices giving one desk to two people: the later write wins, and the other is left without a desk everywhere")
    func laterWriteWinsAndTheOtherIsLeftWithout() async throws {
        let world = try await worldWithTwoPeopleAndADesk(devices: 3)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in try desk(context).owner = try person("ann", context) }
        try await later()
        try b.container.edit { context in try person("bob", context).desk = try desk(context) }
        // The earlier write reaches the server first, then the later; and the other way round below.
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await world.syncAll()
        try await expectEveryDevice(world, toHave: ["ann": "none", "bob": "window"])

        // Bob lets it go: Ann does not get it back, as her write was taken over.
        try b.container.edit { context in try person("bob", context).desk = nil }
        try await world.syncAll()
        try await expectEveryDevice(world, toHave: ["ann": "none", "bob": "none"])
    }

    @Test("the later of two one-to-one writes wins when it reaches the server first")
    func laterWriteWinsUploadedFirst() async throws {
        let world = try await worldWithTwoPeopleAndADesk(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in try desk(context).owner = try person("ann", context) }
        try await later()
        try b.container.edit { context in try desk(context).owner = try person("bob", context) }
        try await b.client.syncOnce()
        try await a.client.syncOnce()
        try await world.syncAll()
        try await expectEveryDevice(world, toHave: ["ann": "none", "bob": "window"])
    }

    @Test("a partner deleted on one device leaves the other side without it everywhere")
    func deletedPartnerLeavesTheOtherWithout() async throws {
        let world = try SyncWorld(devices: 2, models: syncPairedTestModels)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let ann = SyncPerson(name: "ann")
            context.insert(ann)
            ann.desk = SyncDesk(label: "window")
        }
        try await world.syncAll()
        try b.container.edit { context in context.delete(try desk(context)) }
        try await world.syncAll()
        try await expectEveryDevice(world, toHave: ["ann": "none"])
    }
}
