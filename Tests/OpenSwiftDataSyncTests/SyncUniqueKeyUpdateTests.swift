import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// Updates that change a unique key (the Sync article's rule): a model takes a key no
/// other live model keeps; an update giving it one another keeps is written back
/// everywhere, the model that kept it keeping it.
@Suite struct SyncUniqueKeyUpdateTests {
    /// Each tag on a device as "name color".
    func tags(_ container: ModelContainer) throws -> [String] {
        try container.all(SyncTag.self).map { "\($0.name) \($0.color)" }.sorted()
    }

    func tag(_ name: String, _ context: ModelContext) throws -> SyncTag {
        try #require(try context.fetch(FetchDescriptor<SyncTag>(predicate: #Predicate { $0.name == name })).first)
    }

    /// Two devices holding the tags "red" (color 1) and "blue" (color 2).
    func worldWithRedAndBlue() async throws -> SyncWorld {
        try await SyncWorld(devices: 2).sharedFromFirstDevice { context in
            context.insert(SyncTag(name: "red", color: 1))
            context.insert(SyncTag(name: "blue", color: 2))
        }
    }

    @Test("a model renamed to a key another device's model already took is renamed back on every device, the other keeping the key")
    func renameToAKeyAnotherModelKeepsIsWrittenBack() async throws {
        let world = try SyncWorld(devices: 2)
        let (a, b) = (world.devices[0], world.devices[1])
        try b.container.edit { context in
            let tag = SyncTag(name: "blue", color: 2)
            context.insert(tag)
            let card = SyncCard(front: "b", score: 1)
            context.insert(card)
            card.tag = tag
        }
        try await b.client.syncOnce()
        try a.container.edit { $0.insert(SyncTag(name: "red", color: 1)) }
        try b.container.edit { context in try tag("blue", context).name = "red" }
        try await a.client.syncOnce()
        try await world.syncAll()
        for device in world.devices {
            #expect(try tags(device.container) == ["blue 2", "red 1"])
            #expect(try device.container.all(SyncCard.self).map { $0.tag?.name } == ["blue"])
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a model renamed to a key no model keeps takes it, and a later insert of that key on another device becomes that model")
    func renameToAFreeKeyTakesIt() async throws {
        let world = try await worldWithRedAndBlue()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in try tag("red", context).name = "green" }
        try await a.client.syncOnce()
        // B has not heard of the rename: its green is a new tag of the same name.
        try b.container.edit { $0.insert(SyncTag(name: "green", color: 7)) }
        try await world.syncAll(rounds: 3)
        for device in world.devices {
            #expect(try device.container.all(SyncTag.self).map(\.name).sorted() == ["blue", "green"])
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a model made with the key another device's rename gave a model both devices hold becomes that model, with the models it holds")
    func modelMadeWithARenamedKeyBecomesTheRenamedModelWithItsMembers() async throws {
        let world = try await worldWithRedAndBlue()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in try tag("red", context).name = "green" }
        try await a.client.syncOnce()
        // B has not heard of the rename: its green is a new tag, with a card.
        try b.container.edit { context in
            let green = SyncTag(name: "green", color: 7)
            context.insert(green)
            let card = SyncCard(front: "b", score: 1)
            context.insert(card)
            card.tag = green
        }
        try await world.syncAll()
        for device in world.devices {
            #expect(try device.container.all(SyncTag.self).map(\.name).sorted() == ["blue", "green"])
            #expect(try device.container.all(SyncCard.self).map { $0.tag?.name } == ["green"])
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a key one model gives up in an update is taken by another model's update")
    func keyGivenUpIsTakenByAnotherUpdate() async throws {
        let world = try await worldWithRedAndBlue()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in try tag("red", context).name = "green" }
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try b.container.edit { context in try tag("blue", context).name = "red" }
        try await world.syncAll()
        for device in world.devices {
            #expect(try tags(device.container) == ["green 1", "red 2"])
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("two models that exchange their keys on one device exchange them on every device")
    func keysExchangedOnOneDeviceAreExchangedEverywhere() async throws {
        let world = try await worldWithRedAndBlue()
        let (a, b) = (world.devices[0], world.devices[1])
        // In three saves, as a unique key allows.
        try a.container.edit { context in try tag("red", context).name = "swap" }
        try a.container.edit { context in try tag("blue", context).name = "red" }
        try a.container.edit { context in try tag("swap", context).name = "blue" }
        try await world.syncAll()
        #expect(try tags(b.container) == ["blue 1", "red 2"])
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("two devices renaming two models to one free key: the first to reach the server keeps it, the other is renamed back")
    func firstRenameToReachTheServerKeepsTheKey() async throws {
        let world = try await worldWithRedAndBlue()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in try tag("red", context).name = "green" }
        try b.container.edit { context in try tag("blue", context).name = "green" }
        try await b.client.syncOnce()
        try await world.syncAll()
        for device in world.devices {
            #expect(try tags(device.container) == ["green 2", "red 1"])
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("an upload renaming a model to a key another keeps is written back in the server's log, at a moment after the rename")
    func writeBackIsLoggedAfterTheRefusedWrite() async throws {
        let world = try await worldWithRedAndBlue()
        let blueID = try #require(try await world.serverState().first { $0.values["name"] == .text("blue") }?.syncID)
        let device = UUID()
        let moment = HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000) + 60_000, counter: 7, node: device)
        let rename = SyncChange(entityName: "SyncTag", syncID: blueID, kind: .update, values: ["name": SyncStampedValue(.text("red"), at: moment)])
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [rename]),
                                          signedInAs: "alice")
        let page = try await world.server.download(SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: "1.0.0", cursor: 0, limit: 100),
                                                   signedInAs: "alice")
        let writeBack = page.changes.last { $0.syncID == blueID && $0.kind == .update }
        #expect(writeBack?.values["name"]?.value == .text("blue"))
        #expect(writeBack?.values["name"].map { $0.clock > moment } == true)
        #expect(try await world.serverState().compactMap { $0.values["name"] }.sorted { "\($0)" < "\($1)" } == [.text("blue"), .text("red")])
    }
}
