import ChildProcessSupport
import Foundation
import GRDB
import OpenSwiftData
import Testing

/// The models `StoreWorkload batches` writes.
@Model final class Batch {
    @Attribute(.unique) var number: Int
    @Relationship(deleteRule: .cascade, inverse: \Item.batch) var items: [Item] = []
    init(number: Int) { self.number = number }
}

@Model final class Item {
    var position: Int
    var batch: Batch?
    init(position: Int) { self.position = position }
}

/// A process killed with SIGKILL at any moment of a save loses no save that returned,
/// and leaves no save half-written.
@Suite struct KillTests {
    /// How many kills a run makes: `OPENSWIFTDATA_KILLS` (the long form: 10000), or 200.
    static var kills: Int { ProcessInfo.processInfo.environment["OPENSWIFTDATA_KILLS"].flatMap(Int.init) ?? 200 }

    @Test("a writer killed at random moments leaves a sound store with every returned save and no partial one")
    func killedWriterLosesNothing() async throws {
        try await onOwnThread { try Self.killRepeatedly() }
    }

    static func killRepeatedly() throws {
        let store = TestStore()
        var lastReturned = 0
        var random = SystemRandomNumberGenerator()
        for round in 0..<kills {
            let process = try StoreWorkload.batches(store: store.url, errors: store.directory.appendingPathComponent("batches.err"))
            // Mostly mid-save: the first saves come within tens of milliseconds of the start.
            usleep(UInt32.random(in: 5_000...120_000, using: &random))
            kill(process.process.processIdentifier, SIGKILL)
            process.process.waitUntilExit()
            if let printed = process.lastSaved() { lastReturned = max(lastReturned, printed) }
            try checkStore(at: store.url, lastReturned: lastReturned, kill: round)
        }
        // The kills must have landed among saves, not only before the first one.
        #expect(lastReturned >= kills / 4, "only \(lastReturned) saves returned in \(kills) runs")
        print("KillTests: \(kills) kills, \(lastReturned) saves returned, none lost")
    }

    /// The store passes SQLite's integrity check and holds batches `n-4 ... n`, each with
    /// its 20 items in order or reversed, where n is at least the last save that returned.
    static func checkStore(at url: URL, lastReturned: Int, kill: Int) throws {
        let queue = try DatabaseQueue(path: url.path)
        let integrity = try queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        try queue.close()
        #expect(integrity == ["ok"], "kill \(kill): integrity check")
        let container = try ModelContainer(for: Batch.self, Item.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let numbers = try context.fetch(FetchDescriptor<Batch>(sortBy: [SortDescriptor(\.number)])).map(\.number)
        guard let newest = numbers.last else {
            #expect(lastReturned == 0, "kill \(kill): saves returned but the store is empty")
            return
        }
        #expect(newest >= lastReturned, "kill \(kill): batch \(lastReturned) returned but the newest is \(newest)")
        #expect(numbers == Array(max(1, newest - 4)...newest), "kill \(kill): batches \(numbers)")
        for batch in try context.fetch(FetchDescriptor<Batch>()) {
            let positions = batch.items.map(\.position)
            #expect(positions == Array(0..<20) || positions == Array((0..<20).reversed()),
                    "kill \(kill): batch \(batch.number) holds \(positions)")
        }
        #expect(try context.fetchCount(FetchDescriptor<Item>()) == numbers.count * 20, "kill \(kill): items without a batch")
    }
}

extension StoreWorkload {
    /// A running `StoreWorkload batches STORE`, whose output tells which saves returned.
    struct Running {
        let process: ChildProcess
        let output: Pipe

        /// The last "saved N" the process printed before it ended.
        func lastSaved() -> Int? {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").last { $0.hasPrefix("saved ") }.flatMap { Int($0.dropFirst(6)) }
        }
    }

    static func batches(store: URL, errors: URL) throws -> Running {
        let executable = try #require(executable, "build the StoreWorkload executable first: swift build --build-tests")
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = ["batches", store.path]
        let output = Pipe()
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return Running(process: process, output: output)
    }
}
