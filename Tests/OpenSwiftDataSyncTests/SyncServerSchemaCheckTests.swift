import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// What a server given the app's schema refuses of an upload: what no device could apply.
@Suite struct SyncServerSchemaCheckTests {
    let device = UUID()

    func stamped(_ value: SyncValue, at milliseconds: Int64) -> SyncStampedValue {
        SyncStampedValue(value, at: HLCTimestamp(milliseconds: milliseconds, counter: 0, node: device))
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

    @Test("a many-to-many member under a forged name, with a value other than 1 or 0, or sent from the side sync keeps is refused")
    func forgedMemberPairsAreRefused() async throws {
        let world = try SyncWorld(devices: 0, models: syncPairedTestModels)
        let label = UUID(), note = UUID()
        _ = try await upload([SyncChange(entityName: "SyncLabel", syncID: label, kind: .insert, values: ["name": stamped(.text("home"), at: 1)]),
                              SyncChange(entityName: "SyncNote", syncID: note, kind: .insert, values: ["text": stamped(.text("n"), at: 1)])],
                             to: world)
        let forged: [(String, SyncValue, String, String)] = [
            ("SyncLabel", .integer(1), "notes+\(note.uuidString.lowercased())",
             "sets SyncLabel.notes+\(note.uuidString.lowercased().prefix(33))…, which SyncLabel does not have: a member of notes is named notes+ followed by the member's sync ID in capitals"),
            ("SyncLabel", .integer(1), "notes+somebody", "sets SyncLabel.notes+somebody, which SyncLabel does not have: a member of notes is named"),
            ("SyncLabel", .integer(2), "notes+\(note.uuidString)", "gives SyncLabel.notes's member \(note) the whole number 2: a member's value is 1 (a member) or 0 (not one)"),
            ("SyncLabel", .text("yes"), "notes+\(note.uuidString)", "the text \"yes\": a member's value is 1"),
            ("SyncNote", .references([label]), "labels", "sets SyncNote.labels, which sync keeps from its inverse SyncLabel.notes: send the change as one of SyncLabel.notes's members"),
            ("SyncNote", .integer(1), "labels+\(label.uuidString)", "sets SyncNote.labels+"),
        ]
        for (entity, value, name, words) in forged {
            let change = SyncChange(entityName: entity, syncID: entity == "SyncLabel" ? label : note, kind: .update, values: [name: stamped(value, at: 2)])
            let refused = await #expect(throws: SyncError.self) { try await upload([change], to: world) }
            #expect(refused?.description.contains(words) == true, "\(name): \(String(describing: refused))")
        }
        #expect(try await world.serverState().first { $0.syncID == label }?.values["notes"] == .references([]))
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
