import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// What a server given the app's schema refuses of an upload: what no device could apply.
@Suite struct SyncServerSchemaCheckTests {
    let device = UUID()
    let node = UUID()

    func stamped(_ value: SyncValue, at milliseconds: Int64) -> SyncStampedValue {
        SyncStampedValue(value, at: HLCTimestamp(milliseconds: milliseconds, counter: 0, node: node))
    }

    func upload(_ changes: [SyncChange], to world: SyncWorld) async throws -> SyncUploadReceipt {
        try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: changes),
                                      signedInAs: "alice")
    }

    @Test("an update of a model the server was never sent, without a field every such model has, is refused and changes nothing")
    func updateOfAnUnseenModelLackingARequiredFieldIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let update = SyncChange(entityName: "SyncCard", syncID: UUID(), kind: .update, values: ["score": stamped(.integer(3), at: 1)])
        let refused = await #expect(throws: SyncError.self) { try await upload([update], to: world) }
        #expect(refused?.description.contains("which this server has never been sent, without its front, which every SyncCard has") == true,
                "\(String(describing: refused))")
        #expect(try await world.serverState().isEmpty)
    }

    @Test("an update of a model the server was never sent that gives every required field makes the model")
    func updateOfAnUnseenModelWithEveryRequiredFieldMakesIt() async throws {
        let world = try SyncWorld(devices: 0)
        let syncID = UUID()
        let update = SyncChange(entityName: "SyncCard", syncID: syncID, kind: .update,
                                values: ["front": stamped(.text("one"), at: 1), "score": stamped(.integer(3), at: 1)])
        let receipt = try await upload([update], to: world)
        #expect(receipt.recordedChanges == 1)
        #expect(try await world.serverState().map(\.syncID) == [syncID])
    }

    @Test("an update of a model the server holds may give one field")
    func updateOfAKnownModelMayGiveOneField() async throws {
        let world = try SyncWorld(devices: 0)
        let syncID = UUID()
        _ = try await upload([SyncChange(entityName: "SyncCard", syncID: syncID, kind: .insert,
                                         values: ["front": stamped(.text("one"), at: 1), "score": stamped(.integer(0), at: 1)])], to: world)
        let receipt = try await upload([SyncChange(entityName: "SyncCard", syncID: syncID, kind: .update,
                                                   values: ["score": stamped(.integer(5), at: 2)])], to: world)
        #expect(receipt.recordedChanges == 1)
        #expect(try await world.serverState().first?.values["score"] == .integer(5))
    }

    @Test("a change of a model the app does not have is refused, naming the app's models, and changes nothing")
    func changeOfAnUnknownEntityIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let change = SyncChange(entityName: "Spaceship", syncID: UUID(), kind: .insert, values: ["name": stamped(.text("x"), at: 1)])
        let refused = await #expect(throws: SyncError.self) { try await upload([change], to: world) }
        #expect(refused?.description.contains("\"Spaceship\", which is no model this server syncs; the models are SyncCard, SyncDeck, SyncTag") == true,
                "\(String(describing: refused))")
        #expect(try await world.serverState().isEmpty)
    }

    @Test("a value an attribute cannot hold is refused, naming the property and the value")
    func valueOfTheWrongKindIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let change = SyncChange(entityName: "SyncCard", syncID: UUID(), kind: .insert,
                                values: ["front": stamped(.text("one"), at: 1), "score": stamped(.text("many"), at: 1)])
        let refused = await #expect(throws: SyncError.self) { try await upload([change], to: world) }
        #expect(refused?.description.contains("gives SyncCard.score the text \"many\", which is not a value SyncCard.score can hold") == true,
                "\(String(describing: refused))")
    }
}
