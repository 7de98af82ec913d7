import ChildProcessSupport
import Foundation
@testable import OpenSwiftData
import Testing

/// `transaction(block:)` is one transaction from the block's first read to its save:
/// a name the block found free is still free when the block's insert is written, however
/// many contexts, threads and processes claim it at once.
@Suite struct ContextTransactionTests {
    /// Two threads claim one name: the first checks, then waits before it inserts; the
    /// second starts its transaction in that gap and must see the first's claim.
    private func claimFromTwoThreads(in container: ModelContainer) async throws -> (first: Bool, second: Bool) {
        let checked = DispatchSemaphore(value: 0)
        let first = Task.detached {
            try await onOwnThread {
                try Claims.claim("Coffee", as: "first", in: ModelContext(container)) {
                    checked.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                }
            }
        }
        let second = try await onOwnThread {
            checked.wait()
            return try Claims.claim("Coffee", as: "second", in: ModelContext(container))
        }
        return (try await first.value, second)
    }

    @Test func aNameCheckedFreeInATransactionStaysFreeUntilItsSaveAcrossThreads() async throws {
        let store = TestStore()
        let container = try store.container(Claim.self)
        let result = try await claimFromTwoThreads(in: container)
        #expect(result.first)
        #expect(!result.second)
        #expect(try Claims.claimants(in: container) == ["first"])
    }

    @Test func aNameCheckedFreeInATransactionStaysFreeUntilItsSaveInMemory() async throws {
        let container = try inMemoryContainer(Claim.self)
        let result = try await claimFromTwoThreads(in: container)
        #expect(result.first)
        #expect(!result.second)
        #expect(try Claims.claimants(in: container) == ["first"])
    }

    @Test func aNameCheckedFreeInATransactionStaysFreeUntilItsSaveAcrossProcesses() async throws {
        let store = TestStore()
        let container = try store.container(Claim.self)
        let executable = try #require(StoreWorkload.executable, "build the StoreWorkload executable first: swift build --build-tests")
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = ["claim", store.url.path, "Coffee", "800"]
        let output = Pipe()
        process.standardOutput = output
        let errors = store.directory.appendingPathComponent("claim.err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The other process has checked and holds its transaction; this one's must wait for it.
        let said = try await onOwnThread { String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
        try #require(said == "checked\n", "the claiming process did not check: \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        let claimedHere = try await onOwnThread { try Claims.claim("Coffee", as: "test", in: ModelContext(container)) }
        await process.ended()
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(rest == "claimed\n")
        #expect(!claimedHere)
        #expect(try Claims.claimants(in: container) == ["workload"])
    }

    @Test func aTransactionThatThrowsWritesNothingAndKeepsItsChanges() throws {
        struct Refused: Error {}
        let store = TestStore()
        let container = try store.container(Claim.self)
        let context = ModelContext(container)
        #expect(throws: Refused.self) {
            try context.transaction {
                context.insert(Claim(name: "Tea", claimant: "refused"))
                throw Refused()
            }
        }
        #expect(try Claims.claimants(in: container).isEmpty)
        #expect(context.insertedModelsArray.count == 1)
    }

    @Test func aBatchDeleteInATransactionThatThrowsIsUndone() throws {
        struct Refused: Error {}
        let store = TestStore()
        let container = try store.container(Claim.self)
        let setUp = ModelContext(container)
        setUp.insert(Claim(name: "Tea", claimant: "kept"))
        try setUp.save()
        let context = ModelContext(container)
        #expect(throws: Refused.self) {
            try context.transaction {
                try context.delete(model: Claim.self)
                throw Refused()
            }
        }
        #expect(try Claims.claimants(in: container) == ["kept"])
    }

    @Test func aSaveInsideTheBlockCommitsAndTheRestIsSavedAfter() throws {
        let store = TestStore()
        let container = try store.container(Claim.self)
        let context = ModelContext(container)
        try context.transaction {
            context.insert(Claim(name: "Tea", claimant: "a"))
            try context.save()
            #expect(try Claims.claimants(in: container) == ["a"])
            context.insert(Claim(name: "Milk", claimant: "b"))
        }
        #expect(try Claims.claimants(in: container) == ["a", "b"])
        #expect(!context.hasChanges)
    }

    @Test func anotherContextSavingInsideTheBlockOnItsThreadIsRefusedInWords() throws {
        let store = TestStore()
        let container = try store.container(Claim.self)
        let context = ModelContext(container)
        let other = ModelContext(container)
        var thrown: (any Error)?
        try context.transaction {
            other.insert(Claim(name: "Tea", claimant: "other"))
            do { try other.save() } catch { thrown = error }
            context.insert(Claim(name: "Milk", claimant: "own"))
        }
        #expect(thrown.flatMap { OpenSwiftDataError(explaining: $0) } == .saveDuringAnotherContextsTransaction(store: container.configurations.first?.name ?? ""))
        #expect(thrown.map { "\($0)" }?.contains("save this context after the block returns") == true)
        #expect(try Claims.claimants(in: container) == ["own"])
        #expect(other.hasChanges)
    }

    @Test func aSaveOnAnotherThreadWaitsForTheTransactionAndLandsAfterIt() async throws {
        let store = TestStore()
        let container = try store.container(Claim.self)
        let started = DispatchSemaphore(value: 0)
        let transaction = Task.detached {
            try await onOwnThread {
                let context = ModelContext(container)
                try context.transaction {
                    started.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                    context.insert(Claim(name: "Tea", claimant: "1 transaction"))
                }
            }
        }
        try await onOwnThread {
            started.wait()
            let context = ModelContext(container)
            context.insert(Claim(name: "Milk", claimant: "2 plain save"))
            try context.save()
        }
        try await transaction.value
        let order = try ModelContext(container).fetch(FetchDescriptor<Claim>()).sorted { $0.persistentModelID < $1.persistentModelID }.map(\.claimant)
        #expect(order == ["1 transaction", "2 plain save"])
    }

    @Test func aSaveOnAnotherThreadWaitingPastTheTimeoutReportsTheStoreBusy() async throws {
        let store = TestStore()
        SQLiteStore.busyTimeoutOverrides.withLock { $0[store.url.path] = 0.2 }
        defer { _ = SQLiteStore.busyTimeoutOverrides.withLock { $0.removeValue(forKey: store.url.path) } }
        let container = try store.container(Claim.self)
        let started = DispatchSemaphore(value: 0)
        let transaction = Task.detached {
            try await onOwnThread {
                let context = ModelContext(container)
                try context.transaction {
                    started.signal()
                    Thread.sleep(forTimeInterval: 0.8)
                }
            }
        }
        let thrown: (any Error)? = try await onOwnThread {
            started.wait()
            let context = ModelContext(container)
            context.insert(Claim(name: "Milk", claimant: "late"))
            do { try context.save() } catch { return error }
            return nil
        }
        try await transaction.value
        #expect(thrown.flatMap { OpenSwiftDataError(explaining: $0) } == .storeBusy(path: store.url.path, seconds: 1))
        #expect(try Claims.claimants(in: container).isEmpty)
    }
}
