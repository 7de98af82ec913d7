import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// Models whose to-one relationships are required (not optional): made by a download
/// with the models they name, and deleted with a model they name that another device
/// deleted, whatever its delete rule (the Sync article's rule).
@Suite struct SyncRequiredToOneTests {
    /// Each pet on a device as "name: keeper, walker".
    func pets(_ container: ModelContainer) throws -> [String] {
        try container.all(SyncPet.self).map { "\($0.name): \($0.keeper.name), \($0.walker.name)" }.sorted()
    }

    /// Two devices that both hold the keeper "ann" and the walker "bob".
    func worldWithAKeeperAndAWalker(serverChecksSchema: Bool = true) async throws -> SyncWorld {
        let world = try SyncWorld(devices: 2, serverChecksSchema: serverChecksSchema, models: syncRequiredToOneModels)
        return try await world.sharedFromFirstDevice { context in
            context.insert(SyncKeeper(name: "ann"))
            context.insert(SyncWalker(name: "bob"))
        }
    }

    func keeper(_ context: ModelContext) throws -> SyncKeeper {
        try #require(try context.fetch(FetchDescriptor<SyncKeeper>()).first)
    }

    func walker(_ context: ModelContext) throws -> SyncWalker {
        try #require(try context.fetch(FetchDescriptor<SyncWalker>()).first)
    }

    @Test("a model and the models its required to-ones name, all new to a device, reach it in one download")
    func modelAndWhatItNamesArriveTogether() async throws {
        let world = try SyncWorld(devices: 2, models: syncRequiredToOneModels)
        try world.devices[0].container.edit { context in
            context.insert(SyncPet(name: "rex", keeper: SyncKeeper(name: "ann"), walker: SyncWalker(name: "bob")))
        }
        try await world.syncAll()
        #expect(try pets(world.devices[1].container) == ["rex: ann, bob"])
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a model whose required to-ones name models a device already holds reaches it named by them")
    func modelNamingModelsAlreadyHeldArrives() async throws {
        let world = try await worldWithAKeeperAndAWalker()
        try world.devices[0].container.edit { context in
            context.insert(SyncPet(name: "rex", keeper: try keeper(context), walker: try walker(context)))
        }
        try await world.syncAll()
        #expect(try pets(world.devices[1].container) == ["rex: ann, bob"])
        let annOnB = try keeper(ModelContext(world.devices[1].container))
        #expect(annOnB.pets.map(\.name) == ["rex"])
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a required to-one moved to another model on one device moves on the other")
    func requiredToOneMovedReachesOtherDevice() async throws {
        let world = try await worldWithAKeeperAndAWalker()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in
            context.insert(SyncPet(name: "rex", keeper: try keeper(context), walker: try walker(context)))
            context.insert(SyncWalker(name: "cy"))
        }
        try await world.syncAll()
        try b.container.edit { context in
            let cy = try #require(try context.fetch(FetchDescriptor<SyncWalker>(predicate: #Predicate { $0.name == "cy" })).first)
            try #require(try context.fetch(FetchDescriptor<SyncPet>()).first).walker = cy
        }
        try await world.syncAll()
        #expect(try pets(a.container) == ["rex: ann, cy"])
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a model added on one device to a model another device deleted goes with it on every device, whichever reaches the server first",
          arguments: [true, false])
    func modelAddedToARemotelyDeletedModelGoes(deleteReachesTheServerFirst: Bool) async throws {
        let world = try await worldWithAKeeperAndAWalker()
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in context.delete(try keeper(context)) }
        try b.container.edit { context in
            context.insert(SyncPet(name: "rex", keeper: try keeper(context), walker: try walker(context)))
        }
        try await (deleteReachesTheServerFirst ? a : b).client.syncOnce()
        try await world.syncAll()
        for device in world.devices {
            #expect(try pets(device.container).isEmpty)
            #expect(try device.container.all(SyncKeeper.self).isEmpty)
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a model deleted on another device takes the models that must name it, though its delete rule is nullify")
    func remoteDeleteTakesModelsThatMustNameItDespiteNullify() async throws {
        let world = try await worldWithAKeeperAndAWalker()
        let (a, b) = (world.devices[0], world.devices[1])
        // The walker has no pets on A, so A may delete it; B gave it one meanwhile.
        try a.container.edit { context in context.delete(try walker(context)) }
        try b.container.edit { context in
            context.insert(SyncPet(name: "rex", keeper: try keeper(context), walker: try walker(context)))
        }
        try await a.client.syncOnce()
        try await b.client.syncOnce()
        try await a.client.syncOnce()
        for device in world.devices {
            #expect(try pets(device.container).isEmpty)
            #expect(try device.container.all(SyncWalker.self).isEmpty)
            #expect(try device.container.all(SyncKeeper.self).map(\.name) == ["ann"])
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("a device deletes with a remotely deleted model the models that must name it, where the server did not, and uploads their deletes at the same sync")
    func deviceDeletesModelsThatMustNameARemotelyDeletedModel() async throws {
        // A server given no schema deletes nothing with the walker: the device alone must.
        let world = try await worldWithAKeeperAndAWalker(serverChecksSchema: false)
        let (a, b) = (world.devices[0], world.devices[1])
        try a.container.edit { context in context.delete(try walker(context)) }
        try await a.client.syncOnce()
        try b.container.edit { context in
            context.insert(SyncPet(name: "rex", keeper: try keeper(context), walker: try walker(context)))
        }
        try await b.client.syncOnce()
        #expect(try pets(b.container).isEmpty)
        #expect(try b.container.all(SyncWalker.self).isEmpty)
        #expect(try await world.serverState().allSatisfy { $0.entityName != "SyncPet" })
    }

    @Test("two keepers of one name made on two devices become one keeper holding the pets of both")
    func mergedModelKeepsTheModelsThatMustNameIt() async throws {
        let world = try SyncWorld(devices: 2, models: syncRequiredToOneModels)
        for (index, device) in world.devices.enumerated() {
            try device.container.edit { context in
                context.insert(SyncPet(name: "pet\(index)", keeper: SyncKeeper(name: "ann"), walker: SyncWalker(name: "w\(index)")))
            }
        }
        try await world.syncAll(rounds: 3)
        for device in world.devices {
            #expect(try pets(device.container) == ["pet0: ann, w0", "pet1: ann, w1"])
            #expect(try device.container.all(SyncKeeper.self).count == 1)
        }
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test("an upload giving a required to-one no model, or inserting a model without it, is refused naming it")
    func uploadWithoutARequiredToOneIsRefused() async throws {
        let world = try await worldWithAKeeperAndAWalker()
        let walkerID = try #require(try await world.serverState().first { $0.entityName == "SyncWalker" }?.syncID)
        let device = UUID()
        let clock = HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000), counter: 0, node: device)
        func batch(_ values: [String: SyncValue]) -> SyncUploadBatch {
            SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [
                SyncChange(entityName: "SyncPet", syncID: UUID(), kind: .insert,
                           values: values.mapValues { SyncStampedValue($0, at: clock) }),
            ])
        }
        let withoutKeeper = batch(["name": .text("rex"), "walker": .reference(walkerID)])
        let keeperNone = batch(["name": .text("rex"), "walker": .reference(walkerID), "keeper": .null])
        for upload in [withoutKeeper, keeperNone] {
            await #expect {
                try await world.server.upload(upload, signedInAs: "alice")
            } throws: { error in
                guard case SyncError.invalidChange(let words) = error else { return false }
                return words.contains("SyncPet") && words.contains("keeper")
            }
        }
        #expect(try await world.serverState().allSatisfy { $0.entityName != "SyncPet" })
    }

    @Test("a server given no schema that keeps a model naming a deleted model stops the download in words, applying nothing")
    func serverWithoutSchemaKeepingAnOrphanStopsTheDownload() async throws {
        let world = try await worldWithAKeeperAndAWalker(serverChecksSchema: false)
        let a = world.devices[0]
        let state = try await world.serverState()
        let keeperID = try #require(state.first { $0.entityName == "SyncKeeper" }?.syncID)
        let walkerID = try #require(state.first { $0.entityName == "SyncWalker" }?.syncID)
        try a.container.edit { context in context.delete(try keeper(context)) }
        try await a.client.syncOnce()
        // A client keeping no delete rules uploads a pet naming the deleted keeper.
        let device = UUID()
        let clock = HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1000), counter: 0, node: device)
        let values: [String: SyncValue] = ["name": .text("rex"), "keeper": .reference(keeperID), "walker": .reference(walkerID)]
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [
            SyncChange(entityName: "SyncPet", syncID: UUID(), kind: .insert, values: values.mapValues { SyncStampedValue($0, at: clock) }),
        ]), signedInAs: "alice")
        let fresh = try world.makeDevice(2)
        await #expect {
            try await fresh.client.syncOnce()
        } throws: { error in
            guard case SyncError.invalidChange(let words) = error else { return false }
            return words.contains("SyncPet") && words.contains("keeper") && words.contains("schema")
        }
        #expect(try fresh.container.all(SyncWalker.self).isEmpty)
    }

    @Test("a required to-one with no inverse is refused when the client is made, naming it and the fixes")
    func requiredToOneWithoutInverseIsRefused() throws {
        #expect {
            try SyncedSchema(Schema([SyncMaker.self, SyncThing.self]))
        } throws: { error in
            guard case SyncError.unsupportedSetup(let words) = error else { return false }
            return words.contains("SyncThing.maker") && words.contains("inverse") && words.contains("var maker: SyncMaker?")
        }
    }

    @Test("a required to-one whose inverse is a to-one is refused when the client is made, naming it and the fix")
    func requiredOneToOneIsRefused() throws {
        #expect {
            try SyncedSchema(Schema([SyncHolder.self, SyncBadge.self]))
        } throws: { error in
            guard case SyncError.unsupportedSetup(let words) = error else { return false }
            return words.contains("SyncBadge.holder") && words.contains("var holder: SyncHolder?")
        }
    }
}
