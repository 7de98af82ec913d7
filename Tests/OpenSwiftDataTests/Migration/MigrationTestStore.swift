import Foundation
import GRDB
@testable import OpenSwiftData

/// A store file in a fresh temporary directory, opened by containers of one schema
/// version or another, and inspected with plain SQLite once they are closed. The
/// directory is removed when the value is released.
final class MigrationTestStore: Sendable {
    let directory: URL
    let url: URL
    /// False for a store at a path given by someone else, which stays.
    private let ownsDirectory: Bool

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("OpenSwiftDataMigrationTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("cards.store")
        ownsDirectory = true
    }

    init(path: String) {
        url = URL(fileURLWithPath: path)
        directory = url.deletingLastPathComponent()
        ownsDirectory = false
    }

    deinit {
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    var configuration: ModelConfiguration { ModelConfiguration(url: url) }

    /// Opens a container on the store, runs `body` on a context, and closes it all
    /// again (the container's connection closes when it is released).
    func with(_ types: [any PersistentModel.Type], plan: (any SchemaMigrationPlan.Type)? = nil,
              _ body: (ModelContext) throws -> Void) throws {
        try with(Schema(types), plan: plan, body)
    }

    func with(_ schema: Schema, plan: (any SchemaMigrationPlan.Type)? = nil, _ body: (ModelContext) throws -> Void) throws {
        let container = try ModelContainer(for: schema, migrationPlan: plan, configurations: [configuration])
        let context = ModelContext(container)
        try body(context)
    }

    /// Opens and closes a container, for its migration only.
    func open(_ types: [any PersistentModel.Type], plan: (any SchemaMigrationPlan.Type)? = nil) throws {
        try with(types, plan: plan) { _ in }
    }

    /// The bytes of the store and of its write-ahead log, if it has one.
    func files() throws -> StoreFiles {
        let wal = URL(fileURLWithPath: url.path + "-wal")
        return StoreFiles(store: try Data(contentsOf: url),
                          wal: FileManager.default.fileExists(atPath: wal.path) ? try Data(contentsOf: wal) : nil)
    }

    var backupURL: URL { URL(fileURLWithPath: url.path + ".migration-backup") }
    var hasBackup: Bool { FileManager.default.fileExists(atPath: backupURL.path) }

    /// Reads the store with a connection of its own, closed afterwards.
    func inspect<R>(_ body: (Database) throws -> R) throws -> R {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    func columns(of table: String) throws -> [String] {
        try inspect { db in try db.columns(in: table).map(\.name) }
    }

    func indexes(of table: String) throws -> Set<String> {
        try inspect { db in Set(try db.indexes(on: table).map(\.name)) }
    }

    func tables() throws -> Set<String> {
        try inspect { db in Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")) }
    }

    func recordedVersion() throws -> String? {
        try inspect { db in try String.fetchOne(db, sql: "SELECT value FROM Z_METADATA WHERE key = 'schemaVersion'") }
    }
}

/// A store's files, compared byte for byte.
struct StoreFiles: Equatable, CustomStringConvertible {
    let store: Data
    let wal: Data?

    var description: String {
        "store: \(store.count) bytes, hash \(StoreFiles.fnv1a(store))"
            + (wal.map { ", wal: \($0.count) bytes, hash \(StoreFiles.fnv1a($0))" } ?? ", no wal")
    }

    private static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
