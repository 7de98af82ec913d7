import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenSwiftData
import OpenSwiftDataSync
import Testing

/// A cardshow-server with sync turned on, on a store in a folder of the test's own (or
/// a PostgreSQL URL), with a token file for two devices of alice's and one of bob's.
final class SyncServerSetup {
    static let aliceLaptop = "alice-laptop-6f1d0c9a7b3e4f2a8c5d1e0f9a8b7c6d"
    static let alicePhone = "alice-phone-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e"
    static let bob = "bob-desktop-1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f"
    /// The schema version of CardShow Pro's stores, which the server requires.
    static let schemaVersion = "7.0.0"

    let folder: ServerFolder
    let server: ServerProcess

    /// `prepare` is given the folder before the server starts in it.
    init(_ extra: [String] = [], postgres: String? = nil, prepare: (ServerFolder) async throws -> Void = { _ in }) async throws {
        folder = try ServerFolder()
        try await prepare(folder)
        let tokens = folder.url.appendingPathComponent("tokens")
        try "# account token\nalice \(Self.aliceLaptop)\nalice \(Self.alicePhone)\n\nbob \(Self.bob)\n"
            .write(to: tokens, atomically: true, encoding: .utf8)
        let store = postgres.map { ["--postgres", $0] } ?? ["--store", folder.store]
        server = try await ServerProcess(store + ["--sync-tokens", tokens.path] + extra)
    }

    func transport(_ token: String) throws -> HTTPSyncTransport {
        try HTTPSyncTransport(server: server.base, token: token, requestTimeout: 60)
    }

    /// A store file in the test's folder, for a device.
    func deviceStore(_ name: String) -> String { folder.url.appendingPathComponent("\(name).store").path }

    /// A batch of alice's inserting one card per name.
    static func batch(account: String = "alice", cards names: [String], id: UUID = UUID()) -> SyncUploadBatch {
        let device = UUID()
        let clock = HLCTimestamp(milliseconds: 1_700_000_000_000, counter: 0, node: device)
        let changes = names.map { name in
            SyncChange(entityName: "InventoryCard", syncID: UUID(), kind: .insert,
                       values: card(named: name).mapValues { SyncStampedValue($0, at: clock) })
        }
        return SyncUploadBatch(id: id, account: account, device: device, schemaVersion: schemaVersion, changes: changes)
    }

    /// Every field an inserted card must be given (the server refuses an insert without one), as the store writes them.
    static func card(named name: String) -> [String: SyncValue] {
        ["id": .text(UUID().uuidString), "name": .text(name), "setName": .text("Base Set"), "cardNumber": .text("58/102"),
         "variant": .text("Holo"), "condition": .text("Near Mint"), "marketValue": .real(12.5), "lastPriceUpdate": .real(0),
         "acquiredDate": .real(0), "isGraded": .integer(0)]
    }

    /// The models a device's store holds as sync sees them, `below` a path of the server's
    /// (`coupontracker` for CouponTracker's wallets).
    func syncedState(of container: ModelContainer, schemaVersion: String, below path: String? = nil) async throws -> [SyncModelState] {
        let server = path.map { self.server.base.appendingPathComponent($0) } ?? self.server.base
        return try await SyncClient(modelContainer: container, account: "alice",
                                    transport: try HTTPSyncTransport(server: server, token: Self.alicePhone),
                                    schemaVersion: schemaVersion).currentState()
    }

    /// Uploads `values` of the model `syncID`, a minute from now, as a client of alice's that
    /// keeps none of the app's rules, `below` a path of the server's.
    func uploadUnchecked(_ values: [String: SyncValue], of entity: String, _ syncID: UUID, schemaVersion: String,
                         below path: String? = nil) async throws {
        let server = path.map { self.server.base.appendingPathComponent($0) } ?? self.server.base
        let client = UUID()
        let later = HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000) + 60_000, counter: 0, node: client)
        let change = SyncChange(entityName: entity, syncID: syncID, kind: .update, values: values.mapValues { SyncStampedValue($0, at: later) })
        _ = try await HTTPSyncTransport(server: server, token: Self.aliceLaptop).upload(
            SyncUploadBatch(account: "alice", device: client, schemaVersion: schemaVersion, changes: [change]))
    }

    /// Uploads `values` of the first `entity` the device's store in `container` holds, as
    /// ``uploadUnchecked(_:of:_:schemaVersion:below:)`` does.
    func uploadUnchecked(_ values: [String: SyncValue], toTheFirst entity: String, in container: ModelContainer, schemaVersion: String,
                         below path: String? = nil) async throws {
        let states = try await syncedState(of: container, schemaVersion: schemaVersion, below: path)
        let state = try #require(states.first { $0.entityName == entity }, "\(states)")
        try await uploadUnchecked(values, of: entity, state.syncID, schemaVersion: schemaVersion, below: path)
    }

    /// The whole log of `token`'s account.
    func log(_ token: String, account: String = "alice") async throws -> [SyncChange] {
        try await transport(token).download(SyncDownloadRequest(account: account, device: UUID(), schemaVersion: Self.schemaVersion,
                                                                cursor: 0, limit: 1_000)).changes
    }
}

extension ServerProcess {
    /// Sends a request with a bearer token (when given) and a body of bytes, and reads the reply's JSON.
    func send(_ method: String, _ path: String, token: String?, body: Data? = nil) async throws -> Reply {
        guard let url = URL(string: base.absoluteString + path) else { throw Failure(description: "not a path: \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 120
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return Reply(status: status, json: try? JSONSerialization.jsonObject(with: data), text: String(decoding: data, as: UTF8.self))
    }
}
