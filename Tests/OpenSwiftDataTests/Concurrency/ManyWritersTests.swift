import ChildProcessSupport
import Foundation
import OpenSwiftData
import Testing

/// The same model the `StoreWorkload` process writes, so that both open one schema.
@Model final class Tally {
    var writer: String
    var sequence: Int
    init(writer: String, sequence: Int) {
        self.writer = writer
        self.sequence = sequence
    }
}

/// Runs the built `StoreWorkload` executable, a second process on a store.
enum StoreWorkload {
    static var executable: URL? { BuiltExecutable.named("StoreWorkload") }

    /// Starts `StoreWorkload insert STORE WRITER COUNT`; its standard error goes to `errors`.
    static func insert(store: URL, writer: String, count: Int, errors: URL) throws -> ChildProcess {
        let executable = try #require(executable, "build the StoreWorkload executable first: swift build --build-tests")
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = ["insert", store.path, writer, String(count)]
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return process
    }
}

@Suite struct ManyWritersTests {
    @Test("four processes saving to one store in loops all succeed, and every row is there")
    func fourProcessesSaveWithoutLockErrors() async throws {
        let store = TestStore()
        // The store exists before the writers start, as an app's store would.
        _ = try store.container(Tally.self)
        let writers = (0..<4).map { "writer\($0)" }
        let processes = try writers.map { writer in
            try StoreWorkload.insert(store: store.url, writer: writer, count: 150,
                                     errors: store.directory.appendingPathComponent("\(writer).err"))
        }
        for process in processes { await process.ended() }
        for (writer, process) in zip(writers, processes) {
            let errors = try String(contentsOf: store.directory.appendingPathComponent("\(writer).err"), encoding: .utf8)
            #expect(process.terminationStatus == 0, "\(writer) failed: \(errors)")
            #expect(errors.isEmpty)
        }
        let context = ModelContext(try store.container(Tally.self))
        #expect(try context.fetchCount(FetchDescriptor<Tally>()) == 600)
        for writer in writers {
            let sequences = try context.fetch(FetchDescriptor<Tally>(predicate: #Predicate { $0.writer == writer })).map(\.sequence)
            #expect(Set(sequences) == Set(0..<150))
        }
    }

    @Test("processes opening a store that does not exist yet create it once, and all their saves land")
    func processesCreatingOneNewStoreAtOnce() async throws {
        let store = TestStore()
        let processes = try (0..<3).map { index in
            try StoreWorkload.insert(store: store.url, writer: "w\(index)", count: 20,
                                     errors: store.directory.appendingPathComponent("w\(index).err"))
        }
        for process in processes { await process.ended() }
        for (index, process) in processes.enumerated() {
            let errors = try String(contentsOf: store.directory.appendingPathComponent("w\(index).err"), encoding: .utf8)
            #expect(process.terminationStatus == 0, "w\(index) failed: \(errors)")
        }
        #expect(try ModelContext(try store.container(Tally.self)).fetchCount(FetchDescriptor<Tally>()) == 60)
    }

    /// Each process switches the new store to WAL, which needs the file alone: SQLite answered
    /// the one that would have waited for another "busy" at once, and its open failed as a store
    /// "busy" (9 of 304 tool processes, in rounds of 16 and 24, before the open tried again).
    @Test("many processes opening one new store at once all open it, round after round")
    func manyProcessesCreatingOneNewStoreAtOnceAllOpenIt() async throws {
        for round in 0..<4 {
            let store = TestStore()
            let processes = try (0..<8).map { index in
                try StoreWorkload.insert(store: store.url, writer: "w\(index)", count: 1,
                                         errors: store.directory.appendingPathComponent("w\(index).err"))
            }
            for process in processes { await process.ended() }
            for (index, process) in processes.enumerated() {
                let errors = try String(contentsOf: store.directory.appendingPathComponent("w\(index).err"), encoding: .utf8)
                #expect(process.terminationStatus == 0, "round \(round), w\(index) failed: \(errors)")
            }
            #expect(try ModelContext(try store.container(Tally.self)).fetchCount(FetchDescriptor<Tally>()) == 8)
        }
    }

    @Test("a reader in this process keeps reading while other processes save")
    func readsContinueDuringOtherProcessesSaves() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        let processes = try (0..<2).map { index in
            try StoreWorkload.insert(store: store.url, writer: "w\(index)", count: 100,
                                     errors: store.directory.appendingPathComponent("w\(index).err"))
        }
        var reads = 0
        var lastCount = 0
        while processes.contains(where: \.isRunning) {
            let count = try ModelContext(container).fetchCount(FetchDescriptor<Tally>())
            #expect(count >= lastCount, "a later read saw fewer rows")
            lastCount = count
            reads += 1
        }
        for process in processes { await process.ended() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(reads > 0)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Tally>()) == 200)
    }

    @Test("eight tasks on eight contexts of one container insert and update concurrently, and nothing is lost")
    func eightContextsSaveConcurrently() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let writer = "task\(task)"
                    let context = ModelContext(container)
                    for batch in 0..<10 {
                        for index in 0..<50 { context.insert(Tally(writer: writer, sequence: batch * 50 + index)) }
                        try context.save()
                    }
                    // Then every row of this task is updated, in saves of its own.
                    for tally in try context.fetch(FetchDescriptor<Tally>(predicate: #Predicate { $0.writer == writer })) {
                        tally.sequence += 1_000
                    }
                    try context.save()
                }
            }
            try await group.waitForAll()
        }
        let context = ModelContext(container)
        #expect(try context.fetchCount(FetchDescriptor<Tally>()) == 4_000)
        #expect(try context.fetchCount(FetchDescriptor<Tally>(predicate: #Predicate { $0.sequence < 1_000 })) == 0)
    }

    @Test("a reader never sees part of another context's save")
    func readersSeeWholeSavesOnly() async throws {
        let store = TestStore()
        let container = try store.container(Tally.self)
        let writer = Task {
            let context = ModelContext(container)
            for batch in 0..<40 {
                for index in 0..<25 { context.insert(Tally(writer: "w", sequence: batch * 25 + index)) }
                try context.save()
            }
        }
        var observed: Set<Int> = []
        // Bounded, so that a writer that fails ends the loop too.
        for _ in 0..<200_000 where !observed.contains(1_000) {
            observed.insert(try ModelContext(container).fetchCount(FetchDescriptor<Tally>()))
            await Task.yield()
        }
        try await writer.value
        #expect(observed.allSatisfy { $0 % 25 == 0 }, "a read saw a save half-applied: \(observed.sorted())")
    }
}
