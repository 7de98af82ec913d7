#if PostgreSQL
import ChildProcessSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// `transaction(block:)` on PostgreSQL: from the block's first read to its save no other
/// instance (container, server process) writes the store's tables.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct ContextTransactionTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    /// A container of its own, as another instance of a server would have.
    private func instance() throws -> ModelContainer {
        try ModelContainer(for: Claim.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 2))
    }

    private func claims() throws -> [String] {
        try Claims.claimants(in: try instance())
    }

    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    @Test func aNameCheckedFreeInATransactionStaysFreeUntilItsSaveAcrossInstances() async throws {
        let one = try instance(), two = try instance()
        let checked = DispatchSemaphore(value: 0)
        let first = Task.detached {
            try await Self.onOwnThread {
                try Claims.claim("Coffee", as: "first", in: ModelContext(one)) {
                    checked.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                }
            }
        }
        let second = try await Self.onOwnThread {
            checked.wait()
            return try Claims.claim("Coffee", as: "second", in: ModelContext(two))
        }
        #expect(try await first.value)
        #expect(!second)
        #expect(try claims() == ["first"])
    }

    @Test func aNameCheckedFreeInATransactionStaysFreeUntilItsSaveAcrossProcesses() async throws {
        let container = try instance()
        let server = PostgresTestServer.url ?? ""
        let url = server + (server.contains("?") ? "&" : "?") + "schema=\(scratch.name)"
        let executable = try #require(BuiltExecutable.named("StoreWorkload"), "build the StoreWorkload executable first: swift build --build-tests")
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = ["claim", url, "Coffee", "800"]
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let said = try await Self.onOwnThread { String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
        try #require(said == "checked\n", "the claiming process did not check: \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
        let claimedHere = try await Self.onOwnThread { try Claims.claim("Coffee", as: "test", in: ModelContext(container)) }
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(rest == "claimed\n")
        #expect(!claimedHere)
        #expect(try claims() == ["workload"])
    }

    @Test func aSaveOfAnotherInstanceWaitsForTheTransactionAndLandsAfterIt() async throws {
        let one = try instance(), two = try instance()
        let started = DispatchSemaphore(value: 0)
        let transaction = Task.detached {
            try await Self.onOwnThread {
                let context = ModelContext(one)
                try context.transaction {
                    started.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                    context.insert(Claim(name: "Tea", claimant: "1 transaction"))
                }
            }
        }
        // When the plain save returns, the transaction it waited for has committed.
        let seenAfterSaving = try await Self.onOwnThread {
            started.wait()
            let context = ModelContext(two)
            context.insert(Claim(name: "Milk", claimant: "2 plain save"))
            try context.save()
            return try ModelContext(two).fetch(FetchDescriptor<Claim>(sortBy: [SortDescriptor(\.claimant)])).map(\.claimant)
        }
        try await transaction.value
        #expect(seenAfterSaving == ["1 transaction", "2 plain save"])
    }

    @Test func aTransactionThatThrowsWritesNothing() throws {
        struct Refused: Error {}
        let container = try instance()
        let setUp = ModelContext(container)
        setUp.insert(Claim(name: "Tea", claimant: "kept"))
        try setUp.save()
        let context = ModelContext(container)
        #expect(throws: Refused.self) {
            try context.transaction {
                try context.delete(model: Claim.self)
                context.insert(Claim(name: "Milk", claimant: "refused"))
                throw Refused()
            }
        }
        #expect(try claims() == ["kept"])
        #expect(context.insertedModelsArray.count == 1)
    }

    @Test func anotherContextSavingInsideTheBlockOnItsThreadIsRefusedInWords() throws {
        let container = try instance()
        let context = ModelContext(container), other = ModelContext(container)
        var thrown: (any Error)?
        try context.transaction {
            other.insert(Claim(name: "Tea", claimant: "other"))
            do { try other.save() } catch { thrown = error }
            context.insert(Claim(name: "Milk", claimant: "own"))
        }
        #expect(thrown.map { "\($0)" }?.contains("save this context after the block returns") == true)
        #expect(try claims() == ["own"])
    }
}
#endif
