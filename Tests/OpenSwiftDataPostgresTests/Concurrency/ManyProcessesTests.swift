#if PostgreSQL
import ChildProcessSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// The models the `StoreWorkload` processes write, declared alike so both open one schema.
@Model final class Tally {
    var writer: String
    var sequence: Int
    init(writer: String, sequence: Int) {
        self.writer = writer
        self.sequence = sequence
    }
}

@Model final class Reading {
    @Attribute(.unique) var key: Int
    var writer: String
    init(key: Int, writer: String) {
        self.key = key
        self.writer = writer
    }
}

/// Several processes, as several instances of a web service would, on one PostgreSQL
/// database at once, starting on a schema none of them has created.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct ManyProcessesTests {
    private let scratch: TemporarySchema
    private let folder: URL

    init() throws {
        scratch = try TemporarySchema(create: false)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("osd-pg-processes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The test server's URL with this test's schema (and its password, which the
    /// location's description hides).
    private var url: String {
        let server = PostgresTestServer.url ?? ""
        return server + (server.contains("?") ? "&" : "?") + "schema=\(scratch.name)"
    }

    /// Starts `StoreWorkload MODE URL WRITER COUNT` for each writer at once and waits for all.
    private func run(_ mode: String, writers: [String], count: Int) async throws -> [(writer: String, status: Int32, errors: String)] {
        let executable = try #require(BuiltExecutable.named("StoreWorkload"), "build the StoreWorkload executable first: swift build --build-tests")
        var running: [(String, ChildProcess, URL)] = []
        for writer in writers {
            let process = ChildProcess()
            process.executableURL = executable
            process.arguments = [mode, url, writer, String(count)]
            let errors = folder.appendingPathComponent("\(writer).err")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            running.append((writer, process, errors))
        }
        var results: [(writer: String, status: Int32, errors: String)] = []
        for (writer, process, errors) in running {
            while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            results.append((writer, process.terminationStatus, try String(contentsOf: errors, encoding: .utf8)))
        }
        return results
    }

    private func container(for types: [any PersistentModel.Type]) throws -> ModelContainer {
        try ModelContainer(for: Schema(types), configurations: [PostgresConfiguration(location: scratch.location)])
    }

    @Test func fourProcessesSavingAtOnceLoseNothing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let writers = (0..<4).map { "writer\($0)" }
        for result in try await run("insert", writers: writers, count: 100) {
            #expect(result.status == 0, "\(result.writer) failed: \(result.errors)")
            #expect(result.errors.isEmpty)
        }
        let context = ModelContext(try container(for: [Tally.self]))
        #expect(try context.fetchCount(FetchDescriptor<Tally>()) == 400)
        for writer in writers {
            let sequences = try context.fetch(FetchDescriptor<Tally>(predicate: #Predicate { $0.writer == writer })).map(\.sequence)
            #expect(Set(sequences) == Set(0..<100))
        }
    }

    @Test func fourProcessesUpsertingTheSameKeysLeaveOneRowPerKey() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for result in try await run("upsert", writers: (0..<4).map { "writer\($0)" }, count: 60) {
            #expect(result.status == 0, "\(result.writer) failed: \(result.errors)")
        }
        let keys = try ModelContext(try container(for: [Reading.self])).fetch(FetchDescriptor<Reading>()).map(\.key)
        #expect(keys.count == 60)
        #expect(Set(keys) == Set(0..<60))
    }
}
#endif
