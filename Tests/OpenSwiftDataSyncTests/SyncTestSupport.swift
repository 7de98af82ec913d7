import Foundation
import Testing
import OpenSwiftData
import struct QueryOracle.SeededGenerator
@testable import OpenSwiftDataSync

let syncTestModels: [any PersistentModel.Type] = [SyncDeck.self, SyncCard.self, SyncTag.self]

/// Temporary store files in a fresh directory, removed when the value is released.
final class TemporaryStores {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("OpenSwiftDataSyncTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func container(_ name: String, _ types: [any PersistentModel.Type]) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(url: directory.appendingPathComponent("\(name).store"))])
    }
}

/// A server and devices syncing one account through it, each on a store file of its own.
final class SyncWorld {
    let stores: TemporaryStores
    let server: SyncServer
    let account: String
    /// The app's models, on every device and in the server's schema.
    let models: [any PersistentModel.Type]
    private(set) var devices: [Device] = []

    struct Device {
        let container: ModelContainer
        let client: SyncClient
        let transport: InProcessSyncTransport
    }

    /// A server given the test models' schema unless `serverChecksSchema` is false, and `count` devices.
    init(devices count: Int, account: String = "alice", schemaVersion: String = "1.0.0", pageSize: Int = 500,
         serverChecksSchema: Bool = true, models: [any PersistentModel.Type] = syncTestModels) throws {
        stores = try TemporaryStores()
        self.account = account
        self.models = models
        server = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: schemaVersion,
                                schema: serverChecksSchema ? try SyncedSchema(Schema(models)) : nil)
        for index in 0..<count { devices.append(try makeDevice(index, schemaVersion: schemaVersion, pageSize: pageSize)) }
    }

    func makeDevice(_ index: Int, schemaVersion: String = "1.0.0", pageSize: Int = 500, signedInAs: String? = nil) throws -> Device {
        let container = try stores.container("device\(index)-\(UUID().uuidString.prefix(4))", models + SyncClient.models)
        let transport = InProcessSyncTransport(server: server, signedInAs: signedInAs ?? account)
        let client = try SyncClient(modelContainer: container, account: account, transport: transport,
                                    schemaVersion: schemaVersion, pageSize: pageSize)
        return Device(container: container, client: client, transport: transport)
    }

    /// The server's state of the account, by the test schema's rules.
    func serverState() async throws -> [SyncModelState] {
        let schema = try SyncedSchema(Schema(models))
        return try await server.currentState(account: account, schema: schema)
    }

    /// Every device syncs, in order, `rounds` times.
    func syncAll(rounds: Int = 2) async throws {
        for _ in 0..<rounds {
            for device in devices { try await device.client.syncOnce() }
        }
    }

    /// Saves what `body` makes on the first device, then syncs every device; returns the world.
    @discardableResult
    func sharedFromFirstDevice(_ body: (ModelContext) throws -> Void) async throws -> SyncWorld {
        try devices[0].container.edit(body)
        try await syncAll()
        return self
    }

    /// `edits` steps, each on a device picked at random: one time in six a sync, otherwise
    /// `edit` of its store, offline. Then every device syncs in a random order, four rounds,
    /// more than enough for a last round that changes nothing.
    func runRandomly(edits: Int, random: inout SeededGenerator,
                     edit: (ModelContainer, inout SeededGenerator) throws -> Void) async throws {
        for _ in 0..<edits {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            if Int.random(in: 0..<6, using: &random) == 0 {
                try await device.client.syncOnce()
            } else {
                try edit(device.container, &random)
            }
        }
        for _ in 0..<4 {
            for device in devices.shuffled(using: &random) { try await device.client.syncOnce() }
        }
    }

    /// Expects every device to hold what the server holds, naming `label` (a seed) in a
    /// failure; returns the server's state.
    @discardableResult
    func expectEveryDeviceMatchesServer(_ label: String = "") async throws -> [SyncModelState] {
        let server = try await serverState()
        for (index, device) in devices.enumerated() {
            let state = try await device.client.currentState()
            #expect(state == server, "\(label)device \(index) differs from the server\n device: \(state)\n server: \(server)")
        }
        return server
    }
}

extension ModelContainer {
    /// Runs `body` in a fresh context of the app's own and saves.
    func edit(_ body: (ModelContext) throws -> Void) throws {
        let context = ModelContext(self)
        try body(context)
        try context.save()
    }

    func all<T: PersistentModel>(_: T.Type) throws -> [T] {
        try ModelContext(self).fetch(FetchDescriptor<T>())
    }
}

extension SeededGenerator {
    /// An index of `weights`, each as likely as its weight is of their sum.
    mutating func index(weighted weights: [Int]) -> Int {
        var pick = Int.random(in: 0..<weights.reduce(0, +), using: &self)
        return weights.firstIndex { weight in
            defer { pick -= weight }
            return pick < weight
        } ?? 0
    }
}
