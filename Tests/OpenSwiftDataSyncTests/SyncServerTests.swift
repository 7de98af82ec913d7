import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// The server's handling of requests: idempotent uploads, paging, accounts and schema versions.
@Suite struct SyncServerTests {
    let device = UUID()
    /// Another device, which is sent what `device` uploads.
    let reader = UUID()

    /// An insert of a card, stamped at `milliseconds` by `stamper` (the uploading device, `device` unless given).
    func insertChange(_ front: String, at milliseconds: Int64, by stamper: UUID? = nil) -> SyncChange {
        let moment = HLCTimestamp(milliseconds: milliseconds, counter: 0, node: stamper ?? device)
        return SyncChange(entityName: "SyncCard", syncID: UUID(), kind: .insert,
                          values: ["front": SyncStampedValue(.text(front), at: moment), "score": SyncStampedValue(.integer(0), at: moment)])
    }

    func allChanges(_ server: SyncServer, account: String = "alice") async throws -> [SyncChange] {
        try await server.download(SyncDownloadRequest(account: account, device: reader, schemaVersion: "1.0.0", cursor: 0, limit: 10_000),
                                  signedInAs: account).changes
    }

    @Test("a batch sent again with the same ID changes nothing the second time")
    func retriedUploadIsIdempotent() async throws {
        let world = try SyncWorld(devices: 0)
        let batch = SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0",
                                    changes: [insertChange("one", at: 1), insertChange("two", at: 2)])
        let first = try await world.server.upload(batch, signedInAs: "alice")
        let logAfterFirst = try await allChanges(world.server)
        let retry = try await world.server.upload(batch, signedInAs: "alice")
        let logAfterRetry = try await allChanges(world.server)
        #expect(first.recordedChanges == 2 && !first.wasDuplicate)
        #expect(retry.wasDuplicate && retry.recordedChanges == 2)
        #expect(logAfterFirst.count == 2)
        #expect(logAfterRetry == logAfterFirst)
    }

    @Test("downloads come in pages of the limit, each cursor after the last, until no more")
    func pagedDownload() async throws {
        let world = try SyncWorld(devices: 0)
        let changes = (1...5).map { insertChange("card \($0)", at: Int64($0)) }
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: changes),
                                          signedInAs: "alice")
        var cursor: Int64 = 0
        var pages: [SyncDownloadPage] = []
        repeat {
            let page = try await world.server.download(
                SyncDownloadRequest(account: "alice", device: reader, schemaVersion: "1.0.0", cursor: cursor, limit: 2), signedInAs: "alice")
            #expect(page.cursor > cursor)
            cursor = page.cursor
            pages.append(page)
        } while pages.last?.hasMore == true && pages.count < 10
        #expect(pages.map(\.changes.count) == [2, 2, 1])
        #expect(pages.map(\.hasMore) == [true, true, false])
        #expect(pages.flatMap(\.changes).map(\.syncID) == changes.map(\.syncID))
    }

    @Test("a device is not sent back what it uploaded, and its cursor passes it")
    func ownChangesNotSentBack() async throws {
        let world = try SyncWorld(devices: 0)
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0",
                                                          changes: (1...3).map { insertChange("card \($0)", at: Int64($0)) }),
                                          signedInAs: "alice")
        let page = try await world.server.download(
            SyncDownloadRequest(account: "alice", device: device, schemaVersion: "1.0.0", cursor: 0, limit: 2), signedInAs: "alice")
        #expect(page.changes.isEmpty)
        #expect(!page.hasMore)
        #expect(page.cursor == 3)
    }

    @Test("pages skip the device's own changes between others' and still reach every other change")
    func ownChangesSkippedBetweenOthers() async throws {
        let world = try SyncWorld(devices: 0)
        var others: [SyncChange] = []
        for round in 1...3 {
            let mine = insertChange("mine \(round)", at: Int64(round * 10))
            let theirs = [insertChange("theirs \(round)a", at: Int64(round * 10 + 1), by: reader),
                          insertChange("theirs \(round)b", at: Int64(round * 10 + 2), by: reader)]
            others += theirs
            _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [mine]),
                                              signedInAs: "alice")
            _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: reader, schemaVersion: "1.0.0", changes: theirs),
                                              signedInAs: "alice")
        }
        var cursor: Int64 = 0
        var received: [SyncChange] = []
        var requests = 0
        repeat {
            let page = try await world.server.download(
                SyncDownloadRequest(account: "alice", device: device, schemaVersion: "1.0.0", cursor: cursor, limit: 2), signedInAs: "alice")
            received += page.changes
            cursor = page.cursor
            requests += 1
            if !page.hasMore { break }
        } while requests < 10
        #expect(received.map(\.syncID) == others.map(\.syncID))
        #expect(cursor == 9)
    }

    /// An insert of a tag named red, stamped at `milliseconds` by `stamper`, with `uniqueKeys`.
    func redTag(at milliseconds: Int64, by stamper: UUID, uniqueKeys: [String]) -> SyncChange {
        let moment = HLCTimestamp(milliseconds: milliseconds, counter: 0, node: stamper)
        return SyncChange(entityName: "SyncTag", syncID: UUID(), kind: .insert,
                          values: ["name": SyncStampedValue(.text("red"), at: moment), "color": SyncStampedValue(.integer(0), at: moment)],
                          uniqueKeys: uniqueKeys)
    }

    /// The merges the server sends the device after the reader uploads `first` and the device `second`
    /// (each stamped by its uploader).
    func merges(afterUploading first: SyncChange, then second: SyncChange) async throws -> [SyncChange] {
        let world = try SyncWorld(devices: 0)
        for (change, from) in [(first, reader), (second, device)] {
            _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: from, schemaVersion: "1.0.0", changes: [change]),
                                              signedInAs: "alice")
        }
        let page = try await world.server.download(
            SyncDownloadRequest(account: "alice", device: device, schemaVersion: "1.0.0", cursor: 0, limit: 10), signedInAs: "alice")
        return page.changes.filter { $0.kind == .merge }
    }

    @Test("a device whose insert the server merged into another model is sent the merge")
    func mergeReachesTheUploadingDevice() async throws {
        let first = redTag(at: 1, by: reader, uniqueKeys: ["name=red"]), second = redTag(at: 2, by: device, uniqueKeys: ["name=red"])
        let merges = try await merges(afterUploading: first, then: second)
        #expect(merges.map(\.syncID) == [second.syncID])
        #expect(merges.map(\.mergedInto) == [first.syncID])
    }

    /// A client keeping no rules (a device's token, a program of its own) sent a card holding
    /// another's unique ID without the key: the server made it a second model, devices upserted
    /// both into one row, and a device's delete of it left the other for a new device to bring back.
    @Test("an insert sent without the unique key its values make is merged by the server's schema")
    func insertWithoutItsUniqueKeyIsMergedByTheSchema() async throws {
        let first = redTag(at: 1, by: reader, uniqueKeys: []), second = redTag(at: 2, by: device, uniqueKeys: [])
        let merges = try await merges(afterUploading: first, then: second)
        #expect(merges.map(\.syncID) == [second.syncID])
        #expect(merges.map(\.mergedInto) == [first.syncID])
    }

    @Test("a cursor past the end of the account's log is refused, naming both positions")
    func cursorPastTheEndRefused() async throws {
        let world = try SyncWorld(devices: 0)
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0",
                                                          changes: [insertChange("one", at: 1)]), signedInAs: "alice")
        await #expect {
            try await world.server.download(
                SyncDownloadRequest(account: "alice", device: reader, schemaVersion: "1.0.0", cursor: 5, limit: 10), signedInAs: "alice")
        } throws: { error in
            let words = String(describing: error)
            return words.contains("through position 5") && words.contains("ends at 1")
        }
    }

    @Test("a change recorded before the server noted devices is sent to every device")
    func unattributedEntriesReachEveryDevice() async throws {
        let world = try SyncWorld(devices: 0)
        let change = insertChange("old", at: 1)
        try world.server.modelContainer.edit { context in
            context.insert(SyncServerLogEntry(account: "alice", sequence: 1, payload: try JSONEncoder().encode(change)))
        }
        let page = try await world.server.download(
            SyncDownloadRequest(account: "alice", device: device, schemaVersion: "1.0.0", cursor: 0, limit: 10), signedInAs: "alice")
        #expect(page.changes.map(\.syncID) == [change.syncID])
    }

    @Test("a device syncing with a page size of 2 receives everything another device uploaded")
    func clientFollowsPages() async throws {
        let world = try SyncWorld(devices: 2, pageSize: 2)
        try world.devices[0].container.edit { context in
            for index in 1...5 { context.insert(SyncCard(front: "card \(index)", score: index)) }
        }
        try await world.syncAll()
        let fronts = try world.devices[1].container.all(SyncCard.self).map(\.front).sorted()
        #expect(fronts == (1...5).map { "card \($0)" })
    }

    @Test("a request for another account than the one signed in is refused, naming both")
    func wrongAccountRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let batch = SyncUploadBatch(account: "bob", device: device, schemaVersion: "1.0.0", changes: [insertChange("x", at: 1)])
        await #expect(throws: SyncError.wrongAccount(requested: "bob", signedIn: "alice")) {
            try await world.server.upload(batch, signedInAs: "alice")
        }
        await #expect(throws: SyncError.wrongAccount(requested: "bob", signedIn: "alice")) {
            try await world.server.download(SyncDownloadRequest(account: "bob", device: device, schemaVersion: "1.0.0", cursor: 0, limit: 10),
                                            signedInAs: "alice")
        }
        #expect(try await allChanges(world.server, account: "bob").isEmpty)
        let words = SyncError.wrongAccount(requested: "bob", signedIn: "alice").description
        #expect(words.contains("\"bob\"") && words.contains("\"alice\""))
    }

    @Test("accounts are kept apart: one account's changes are not in another's download")
    func accountsApart() async throws {
        let world = try SyncWorld(devices: 0)
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [insertChange("a", at: 1)]),
                                          signedInAs: "alice")
        _ = try await world.server.upload(SyncUploadBatch(account: "bob", device: device, schemaVersion: "1.0.0", changes: [insertChange("b", at: 1)]),
                                          signedInAs: "bob")
        let alice = try await allChanges(world.server, account: "alice")
        let bob = try await allChanges(world.server, account: "bob")
        #expect(alice.map { $0.values["front"]?.value } == [.text("a")])
        #expect(bob.map { $0.values["front"]?.value } == [.text("b")])
    }

    @Test("a device on another schema version is refused with an error naming both versions")
    func otherSchemaVersionRefused() async throws {
        let world = try SyncWorld(devices: 0, schemaVersion: "1.0.0")
        let device = try world.makeDevice(9, schemaVersion: "2.0.0")
        try device.container.edit { $0.insert(SyncCard(front: "new")) }
        await #expect(throws: SyncError.schemaVersionMismatch(device: "2.0.0", server: "1.0.0")) {
            try await device.client.syncOnce()
        }
        let status = await device.client.status
        #expect(status.description.contains("2.0.0") && status.description.contains("1.0.0"))
        guard case .failing = status else {
            Issue.record("status is \(status), not failing")
            return
        }
        #expect(try await allChanges(world.server).isEmpty)
    }

    @Test("a change naming the sync ID of a model of another entity is refused, and nothing is recorded")
    func changeOfAnotherEntitysSyncIDIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let card = insertChange("one", at: 1)
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [card]),
                                          signedInAs: "alice")
        let tag = SyncChange(entityName: "SyncTag", syncID: card.syncID, kind: .update,
                             values: ["color": SyncStampedValue(.integer(3), at: HLCTimestamp(milliseconds: 2, counter: 0, node: device))])
        let refused = await #expect(throws: SyncError.self) {
            try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [tag]),
                                          signedInAs: "alice")
        }
        #expect(refused.map { if case .invalidChange = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("names the sync ID of a model of SyncCard") == true, "\(String(describing: refused))")
        #expect(try await allChanges(world.server).count == 1)
    }

    /// Taken, the device whose node it bears would count it as its own, never download it,
    /// and say it had nothing to download while another device's card changed.
    @Test("a change stamped by another device than the one uploading it is refused, naming both, and nothing is recorded")
    func changeStampedByAnotherDeviceIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let batch = SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0",
                                    changes: [insertChange("mine", at: 1), insertChange("forged", at: 2, by: reader)])
        let refused = await #expect(throws: SyncError.self) { try await world.server.upload(batch, signedInAs: "alice") }
        let words = refused?.description ?? ""
        #expect(words.contains("change 2 of the batch") && words.contains("stamped by device \(reader)")
                    && words.contains("not by the device uploading it, \(device)"), "\(words)")
        #expect(try await allChanges(world.server).isEmpty)
    }

    @Test("a delete stamped by another device than the one uploading it is refused")
    func deleteStampedByAnotherDeviceIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let card = insertChange("one", at: 1)
        _ = try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [card]),
                                          signedInAs: "alice")
        let delete = SyncChange(entityName: "SyncCard", syncID: card.syncID, kind: .delete,
                                deletedAt: HLCTimestamp(milliseconds: 2, counter: 0, node: reader))
        let refused = await #expect(throws: SyncError.self) {
            try await world.server.upload(SyncUploadBatch(account: "alice", device: device, schemaVersion: "1.0.0", changes: [delete]),
                                          signedInAs: "alice")
        }
        #expect(refused?.description.contains("stamped by device \(reader)") == true, "\(String(describing: refused))")
        #expect(try await allChanges(world.server).map(\.kind) == [.insert])
    }

    @Test("a batch under the all-zero ID the server stamps its own writes with is refused")
    func batchUnderTheServersIDIsRefused() async throws {
        let world = try SyncWorld(devices: 0)
        let server = HLCTimestamp.zero.node
        let refused = await #expect(throws: SyncError.self) {
            try await world.server.upload(SyncUploadBatch(account: "alice", device: server, schemaVersion: "1.0.0",
                                                          changes: [insertChange("posing", at: 1, by: server)]),
                                          signedInAs: "alice")
        }
        #expect(refused?.description.contains("the ID the server stamps its own writes with") == true, "\(String(describing: refused))")
        #expect(try await allChanges(world.server).isEmpty)
    }
}

@Suite struct SyncServerStorageTests {
    @Test("the server's log and batch IDs are in its store: reopened, it serves the log and still refuses a repeat")
    func serverReopened() async throws {
        let stores = try TemporaryStores()
        let device = UUID()
        let batch = SyncUploadBatch(account: "alice", device: device, schemaVersion: "1",
                                    changes: [SyncChange(entityName: "SyncCard", syncID: UUID(), kind: .insert,
                                                         values: ["front": SyncStampedValue(.text("kept"), at: HLCTimestamp(milliseconds: 1, counter: 0, node: device))])])
        do {
            let server = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: "1")
            _ = try await server.upload(batch, signedInAs: "alice")
        }
        let reopened = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: "1")
        let page = try await reopened.download(SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: "1", cursor: 0, limit: 10),
                                               signedInAs: "alice")
        #expect(page.changes.map(\.syncID) == batch.changes.map(\.syncID))
        let repeated = try await reopened.upload(batch, signedInAs: "alice")
        #expect(repeated.wasDuplicate)
    }
}
