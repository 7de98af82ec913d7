import Foundation
import SwiftData
import Testing
import Trendy

/// The seed's "better approach for production": a damaged store is moved aside, never
/// deleted, a fresh store is opened, and the user is told where the old one went.
@Suite struct RecoveryTests {
    typealias F = Fixtures

    static let now = Fixtures.utc(2026, 3, 1, 8, 30, 0)

    /// A healthy store's main file, checkpointed: written, then its container released.
    static func healthyStoreBytes() throws -> Data {
        let source = try TemporaryStore()
        do {
            let context = ModelContext(try F.file(source))
            let water = EventType(name: "Water")
            for offset in 0..<300 { context.insert(Event(timestamp: F.time(Double(offset)), eventType: water, notes: String(repeating: "n", count: 50))) }
            try context.save()
        }
        return try Data(contentsOf: source.url)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func aTruncatedStoreIsMovedAsideWhole() throws {
        let store = try TemporaryStore()
        let whole = try Self.healthyStoreBytes()
        let truncated = whole.prefix(whole.count / 2)
        try Data(truncated).write(to: store.url)

        let (_, recovery) = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        let moved = try #require(recovery)
        #expect(moved.movedURL.lastPathComponent == "default.store.damaged-20260301T083000Z")
        #expect(bytes(moved.movedURL.path) == Data(truncated))
        if case .truncated = moved.reason {} else { Issue.record("reason \(moved.reason)") }
    }

    @Test func aGarbageStoreIsMovedAsideWithItsWriteAheadLogAndSharedMemory() throws {
        let store = try TemporaryStore()
        let garbage = Data(repeating: 0x42, count: 4_096), wal = Data("wal bytes".utf8), shm = Data(repeating: 7, count: 64)
        try garbage.write(to: store.url)
        try wal.write(to: URL(fileURLWithPath: store.url.path + "-wal"))
        try shm.write(to: URL(fileURLWithPath: store.url.path + "-shm"))

        let (_, recovery) = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        let moved = try #require(recovery)
        #expect(moved.reason == .notSQLite)
        #expect(bytes(moved.movedURL.path) == garbage)
        #expect(bytes(moved.movedURL.path + "-wal") == wal)
        #expect(bytes(moved.movedURL.path + "-shm") == shm)
        #expect(moved.movedFiles.map(\.lastPathComponent) == ["", "-wal", "-shm"].map { "default.store.damaged-20260301T083000Z" + $0 })
    }

    @Test func theFreshStoreWorksAfterRecovery() throws {
        let store = try TemporaryStore()
        try Data(repeating: 0x42, count: 4_096).write(to: store.url)
        do {
            let (container, _) = try TrendyStore.openRecovering(at: store.url, now: Self.now)
            let context = ModelContext(container)
            #expect(try context.fetchCount(FetchDescriptor<Event>()) == 0)
            context.insert(Event(timestamp: F.time(0), eventType: EventType(name: "Water")))
            try context.save()
        }
        let (container, recovery) = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        #expect(recovery == nil)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 1)
    }

    @Test func theReportSaysWhereTheOldStoreWentAndThatNothingWasDeleted() throws {
        let store = try TemporaryStore()
        try Data(repeating: 0x42, count: 4_096).write(to: store.url)
        let (_, recovery) = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        let message = try #require(recovery).description
        #expect(message.contains(store.directory.appendingPathComponent("default.store.damaged-20260301T083000Z").path))
        #expect(message.contains("not deleted"))
    }

    @Test func aSecondRecoveryInTheSameSecondKeepsTheFirstCopy() throws {
        let store = try TemporaryStore()
        try Data(repeating: 0x41, count: 4_096).write(to: store.url)
        _ = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        try FileManager.default.removeItem(at: store.url)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.url.path + suffix) }
        try Data(repeating: 0x42, count: 4_096).write(to: store.url)
        let (_, second) = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        #expect(try #require(second).movedURL.lastPathComponent == "default.store.damaged-20260301T083000Z-2")
        #expect(bytes(store.directory.appendingPathComponent("default.store.damaged-20260301T083000Z").path) == Data(repeating: 0x41, count: 4_096))
    }

    @Test func aHealthyStoreIsOpenedWithoutRecovery() throws {
        let store = try TemporaryStore()
        try Self.healthyStoreBytes().write(to: store.url)
        let (container, recovery) = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        #expect(recovery == nil)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Event>()) == 300)
    }

    @Test func aDirectoryAtTheStorePathIsReportedAndNotMoved() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: false)
        #expect {
            _ = try TrendyStore.openRecovering(at: store.url, now: Self.now)
        } throws: { error in
            OpenSwiftDataError(explaining: error) == .storeDamaged(path: store.url.path, reason: .isDirectory)
        }
        #expect(try store.fileNames() == ["default.store"])
    }
}
