import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A many-to-many relationship synced pair by pair: each (owner, member) pair is a value
/// of its own, the later write wins (the Sync article states the rule).
@Suite struct SyncManyToManyTests {
    /// Lets the wall clock move on, so that the next write is later by the clock.
    func later() async throws { try await Task.sleep(for: .milliseconds(5)) }

    func world(devices: Int = 2) throws -> SyncWorld { try SyncWorld(devices: devices, models: syncPairedTestModels) }

    func note(_ context: ModelContext) throws -> SyncNote {
        try #require(try context.fetch(FetchDescriptor<SyncNote>()).first)
    }

    func label(_ name: String, _ context: ModelContext) throws -> SyncLabel {
        try #require(try context.fetch(FetchDescriptor<SyncLabel>(predicate: #Predicate { $0.name == name })).first)
    }

    /// The names of the labels of the one note, and the texts of each label's notes, as sets.
    func labelNames(_ container: ModelContainer) throws -> Set<String> {
        Set(try container.all(SyncNote.self).first?.labels.map(\.name) ?? [])
    }

    /// Every device's note has the labels `expected` names, and every device holds the server's state.
    func expectEveryDevice(_ world: SyncWorld, toHave expected: Set<String>) async throws {
        for device in world.devices {
            #expect(try labelNames(device.container) == expected)
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    /// A note and the labels "home" and "work", unrelated, made on the first device and synced to every device.
    func worldWithANoteAndTwoLabels() async throws -> SyncWorld {
        try await world().sharedFromFirstDevice { context in
            context.insert(SyncNote(text: "n"))
            context.insert(SyncLabel(name: "home"))
            context.insert(SyncLabel(name: "work"))
        }
    }


    @Test("a member added on one device and another added on another device both stay")
    func addsOnTwoDevicesBothStay() async throws {
        let world = try await worldWithANoteAndTwoLabels()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in try label("home", context).notes.append(try note(context)) }
        try await later()
        try b.container.edit { context in try label("work", context).notes.append(try note(context)) }
        try await world.syncAll()
        try await expectEveryDevice(world, toHave: ["home", "work"])
    }

    /// One note with the label "home" on every device.
    func labelledNote() throws -> SyncWorld {
        let world = try world(devices: 3)
        try world.devices[0].container.edit { context in
            let note = SyncNote(text: "n")
            context.insert(note)
            let home = SyncLabel(name: "home")
            context.insert(home)
            home.notes = [note]
        }
        return world
    }

    @Test("a member taken out wins over an earlier addition of the same member on another device")
    func removalWinsOverEarlierAdd() async throws {
        let world = try labelledNote()
        try await world.syncAll()
        let (a, b) = (world.devices[0], world.devices[1])
        // A takes it out and syncs, then puts it back (an addition of the pair) and holds it.
        try a.container.edit { context in try label("home", context).notes = [] }
        try await a.client.syncOnce()
        try a.container.edit { context in try label("home", context).notes = [try note(context)] }
        try await later()
        // B, which has not heard of either, takes it out later.
        try b.container.edit { context in try label("home", context).notes = [] }
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await world.syncAll()
        for device in world.devices {
            #expect(try labelNames(device.container).isEmpty)
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("an addition later than a removal of the same member wins, though the removal reaches the server after it")
    func laterAddWinsOverRemoval() async throws {
        let world = try labelledNote()
        try await world.syncAll()
        let (b, c) = (world.devices[1], world.devices[2])
        try b.container.edit { context in try label("home", context).notes = [] }
        try await later()
        try c.container.edit { context in try label("home", context).notes = [] }
        try await c.client.syncOnce()
        try await later()
        try c.container.edit { context in try label("home", context).notes = [try note(context)] }
        try await c.client.syncOnce()
        try await b.client.syncOnce()
        try await world.syncAll()
        try await expectEveryDevice(world, toHave: ["home"])
    }

    @Test("an edit made from the side sync does not send is uploaded as members of the side it sends")
    func editFromTheInverseSideIsUploaded() async throws {
        let world = try await worldWithANoteAndTwoLabels()
        let (a, b) = (world.devices[0], world.devices[1])
        // Through SyncNote.labels, the side sync keeps from SyncLabel.notes.
        try a.container.edit { context in
            let note = try note(context)
            note.labels = [try label("work", context), try label("home", context)]
        }
        try await world.syncAll()
        #expect(try labelNames(b.container) == ["home", "work"])
        try a.container.edit { context in
            let note = try note(context)
            note.labels.removeAll { $0.name == "work" }
        }
        try await world.syncAll()
        #expect(try labelNames(b.container) == ["home"])
        let server = try await world.serverState()
        let home = try #require(server.first { $0.entityName == "SyncLabel" && $0.values["name"] == .text("home") })
        #expect(home.values["notes"]?.referencedIDs.count == 1)
        #expect(server.allSatisfy { $0.values["labels"] == nil })
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a member deleted on one device leaves every owner on every device")
    func deletedMemberLeavesEveryOwner() async throws {
        let world = try world()
        let a = world.devices[0]
        try a.container.edit { context in
            let note = SyncNote(text: "n")
            context.insert(note)
            for name in ["home", "work"] {
                let label = SyncLabel(name: name)
                context.insert(label)
                label.notes = [note]
            }
        }
        try await world.syncAll()
        try a.container.edit { context in context.delete(try note(context)) }
        try await world.syncAll()
        for device in world.devices {
            #expect(try device.container.all(SyncNote.self).isEmpty)
            #expect(try device.container.all(SyncLabel.self).allSatisfy { $0.notes.isEmpty })
        }
        #expect(try await world.serverState().allSatisfy { $0.values["notes"] == .references([]) || $0.entityName != "SyncLabel" })
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("one label name made on two devices becomes one label holding the notes of both")
    func mergedMemberKeepsItsOwners() async throws {
        let world = try world()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            let note = SyncNote(text: "a's")
            context.insert(note)
            note.labels = [SyncLabel(name: "home")]
        }
        try await later()
        try b.container.edit { context in
            let note = SyncNote(text: "b's")
            context.insert(note)
            note.labels = [SyncLabel(name: "home")]
        }
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await world.syncAll()
        for device in world.devices {
            let labels = try device.container.all(SyncLabel.self)
            #expect(labels.map(\.name) == ["home"])
            #expect(Set(labels.first?.notes.map(\.text) ?? []) == ["a's", "b's"])
        }
        try await world.expectEveryDeviceMatchesServer()
    }
}
