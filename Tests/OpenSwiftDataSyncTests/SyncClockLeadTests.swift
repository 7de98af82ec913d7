import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A server refuses changes stamped too far ahead of its clock, and a device whose clock ran
/// ahead stamps its waiting changes again once its date is right.
@Suite struct SyncClockLeadTests {
    /// The wall clock's milliseconds, `seconds` from now.
    static func milliseconds(fromNow seconds: Double) -> Int64 {
        Int64(((Date().timeIntervalSince1970 + seconds) * 1000).rounded(.down))
    }

    /// A batch of one new card, stamped `seconds` from now by a device of its own.
    static func newCard(stampedFromNow seconds: Double) -> SyncUploadBatch {
        let device = UUID()
        let moment = HLCTimestamp(milliseconds: milliseconds(fromNow: seconds), counter: 0, node: device)
        let values: [String: SyncValue] = ["front": .text("hola"), "score": .integer(1), "deck": .null, "tag": .null]
        return SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [
            SyncChange(entityName: "SyncCard", syncID: UUID(), kind: .insert, values: values.mapValues { SyncStampedValue($0, at: moment) }),
        ])
    }

    /// Sets the device's stored clock, as a clock that ran (or runs) ahead left it.
    static func setDeviceClock(of device: SyncWorld.Device, to text: (UUID) -> String) throws {
        let context = ModelContext(device.container)
        let checkpoint = try #require(try context.fetch(FetchDescriptor<SyncCheckpoint>()).first)
        checkpoint.clock = text(checkpoint.device)
        try context.save()
    }

    static func setDeviceClock(of device: SyncWorld.Device, secondsAhead seconds: Double) throws {
        try setDeviceClock(of: device) { HLCTimestamp(milliseconds: milliseconds(fromNow: seconds), counter: 0, node: $0).description }
    }

    /// Two devices sharing a card of score 1; the first, its clock set `seconds` ahead, scores it 2 and syncs.
    static func cardScoredOnAClockAhead(by seconds: Double) async throws -> SyncWorld {
        let world = try SyncWorld(devices: 2)
        try await world.sharedFromFirstDevice { $0.insert(SyncCard(front: "hola", score: 1)) }
        try setDeviceClock(of: world.devices[0], secondsAhead: seconds)
        try setScore(2, on: world.devices[0])
        try await world.devices[0].client.syncOnce()
        return world
    }

    static func setScore(_ score: Int, on device: SyncWorld.Device) throws {
        try device.container.edit { context in try context.fetch(FetchDescriptor<SyncCard>()).first?.score = score }
    }

    /// The server's moment of a property of the only card.
    static func serverMoment(of property: String, in world: SyncWorld) throws -> HLCTimestamp? {
        let properties = try ModelContext(world.server.modelContainer).fetch(FetchDescriptor<SyncServerProperty>(predicate: #Predicate { $0.name == property }))
        return properties.first.flatMap { HLCTimestamp($0.clock) }
    }

    @Test("a change made more than the clock lead ahead of the server's clock is refused, saying how far, and nothing is recorded")
    func changeMadeTooFarAheadIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let error = await #expect(throws: SyncError.self) {
            try await world.server.upload(Self.newCard(stampedFromNow: 2 * 3600 + 315), signedInAs: "alice")
        }
        guard case .clockAhead(let words)? = error else {
            Issue.record("\(String(describing: error)) is not a refusal of a clock ahead")
            return
        }
        #expect(words.contains("The sync server refused the upload: it holds changes made 2 hours 5 minutes ahead of the server's clock, which takes changes made at most 1 hour ahead of it"), "\(words)")
        #expect(try await world.serverState().isEmpty)
    }

    @Test("a delete made more than the clock lead ahead of the server's clock is refused")
    func deleteMadeTooFarAheadIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let insert = Self.newCard(stampedFromNow: 0)
        _ = try await world.server.upload(insert, signedInAs: "alice")
        let moment = HLCTimestamp(milliseconds: Self.milliseconds(fromNow: 40 * 86_400 + 3600), counter: 0, node: insert.device)
        let delete = SyncUploadBatch(account: "alice", device: insert.device, schemaVersion: "1.0.0", changes: [
            SyncChange(entityName: "SyncCard", syncID: insert.changes[0].syncID, kind: .delete, deletedAt: moment),
        ])
        await #expect {
            try await world.server.upload(delete, signedInAs: "alice")
        } throws: { error in
            guard case SyncError.clockAhead(let words) = error else { return false }
            return words.contains("made 40 days ahead")
        }
        #expect(try await world.serverState().count == 1)
    }

    @Test("the moment at the server's limit, the last of the year 9999, is refused")
    func theLastMomentThereIsIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        var batch = Self.newCard(stampedFromNow: 0)
        let last = HLCTimestamp(milliseconds: HLCTimestamp.latestMilliseconds, counter: .max, node: batch.device)
        batch.changes[0].values["front"]?.clock = last
        await #expect(throws: SyncError.self) { try await world.server.upload(batch, signedInAs: "alice") }
        #expect(try await world.serverState().isEmpty)
    }

    @Test("a change made ahead of the server's clock, within the clock lead, is taken")
    func changeMadeWithinTheLeadIsTaken() async throws {
        let world = try SyncWorld(devices: 0)
        let receipt = try await world.server.upload(Self.newCard(stampedFromNow: 50 * 60), signedInAs: "alice")
        #expect(receipt.recordedChanges == 1)
    }

    @Test("a batch applied before is answered as applied, though its changes are now ahead of a server with a shorter lead")
    func batchAppliedBeforeIsAnsweredAgain() async throws {
        let world = try SyncWorld(devices: 0)
        let batch = Self.newCard(stampedFromNow: 90 * 60)
        let lenient = try SyncServer(modelContainer: world.server.modelContainer, schemaVersion: "1.0.0", maximumClockLead: 2 * 3600)
        _ = try await lenient.upload(batch, signedInAs: "alice")
        let again = try await world.server.upload(batch, signedInAs: "alice")
        #expect(again.wasDuplicate)
    }

    @Test("a server is not set up with a clock lead of none, a negative one, or one of more than a year", arguments: [0, -1, 400 * 86_400, .infinity, .nan] as [Double])
    func clockLeadOutOfRangeIsRefusedAtSetUp(lead: Double) throws {
        let stores = try TemporaryStores()
        #expect {
            _ = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: "1.0.0", maximumClockLead: lead)
        } throws: { error in
            guard case SyncError.unsupportedSetup(let words) = error else { return false }
            return words.contains("such as 3600 (an hour)")
        }
    }

    @Test("changes a device made while its clock ran ahead are stamped again once it is right, and a later edit on another device wins")
    func changesMadeAheadAreStampedAgain() async throws {
        let world = try await Self.cardScoredOnAClockAhead(by: 3 * 3600)

        let moment = try #require(try Self.serverMoment(of: "score", in: world))
        #expect(moment.milliseconds <= Self.milliseconds(fromNow: 60))
        #expect(try world.devices[0].container.all(SyncPropertyClock.self).first { $0.property == "score" }?.clock == moment.description)

        try Self.setScore(3, on: world.devices[1])
        try await world.syncAll()
        #expect(try world.devices.map { try $0.container.all(SyncCard.self).map(\.score) } == [[3], [3]])
    }

    @Test("changes still ahead of the server's clock once stamped again are refused in words saying what to do, and kept to send")
    func changesStillAheadAreRefusedAndKept() async throws {
        let world = try SyncWorld(devices: 1)
        let device = world.devices[0]
        try await world.sharedFromFirstDevice { $0.insert(SyncCard(front: "hola", score: 1)) }
        // A moment standing three hours ahead, as a device whose date is still wrong keeps making.
        let context = ModelContext(device.container)
        let front = try #require(try context.fetch(FetchDescriptor<SyncPropertyClock>()).first { $0.property == "front" })
        let node = try #require(try context.fetch(FetchDescriptor<SyncCheckpoint>()).first?.device)
        front.clock = HLCTimestamp(milliseconds: Self.milliseconds(fromNow: 3 * 3600 + 10), counter: 0, node: node).description
        try context.save()
        try Self.setDeviceClock(of: device, secondsAhead: 3 * 3600 + 10)
        try Self.setScore(2, on: device)

        let error = await #expect(throws: SyncError.self) { try await device.client.syncOnce() }
        #expect(error?.description.contains("made 3 hours ahead of the server's clock") == true, "\(String(describing: error))")
        #expect(error?.description.contains("Set this device's date and time right, then sync again: local changes are kept") == true)
        #expect(try device.container.all(SyncCheckpoint.self).first?.pendingBatch != nil)
        #expect(try device.container.all(SyncCard.self).map(\.score) == [2])
        #expect(try await world.serverState().compactMap { $0.values["score"] } == [.integer(1)])
    }

    @Test("a device clock stored unreadable continues after the stored clocks, so that the device's next edit is not lost")
    func unreadableDeviceClockContinuesAfterTheStoredClocks() async throws {
        let world = try await Self.cardScoredOnAClockAhead(by: 20 * 60)
        try Self.setDeviceClock(of: world.devices[0]) { _ in "not a moment" }
        try Self.setScore(5, on: world.devices[0])
        try await world.syncAll()
        #expect(try await world.serverState().compactMap { $0.values["score"] } == [.integer(5)])
        #expect(try world.devices[1].container.all(SyncCard.self).map(\.score) == [5])
    }
}
