import ChildProcessSupport
import Foundation
@testable import OpenSwiftData
import Testing

/// A save while another *process* holds the store's write lock past the busy timeout
/// (a `StoreWorkload hold-lock` process, in `BEGIN IMMEDIATE`): the save reports
/// `storeBusy`, writes nothing, keeps the context's changes, and lands exactly its rows
/// once the other process has ended. `SaveFaultTests` hold the lock from a second
/// connection of this process; this is the case the issue names.
@Suite struct ProcessLockTests {
    /// A `StoreWorkload hold-lock STORE` process, holding the lock until `release()` or
    /// until it is released itself (then the process is ended, so no test leaves it behind).
    final class LockHolder {
        let process = ChildProcess()
        private let input = Pipe()

        init(store: URL, errors: URL) throws {
            let executable = try #require(StoreWorkload.executable, "build the StoreWorkload executable first: swift build --build-tests")
            process.executableURL = executable
            process.arguments = ["hold-lock", store.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            // "locked" comes once the lock is held; an empty read means the process ended first.
            let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            let reason = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            try #require(said == "locked\n", "the lock-holding process did not take the lock: \(reason)")
        }

        /// Ends the other process's transaction, as a program that finished its work would.
        func release() async {
            try? input.fileHandleForWriting.close()
            await process.ended()
        }

        deinit {
            try? input.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
        }
    }

    /// The fault scenario's save while the other process holds the lock.
    private func saveWhileLocked() throws -> (scenario: FaultScenario, holder: LockHolder, error: (any Error)?, before: [String], after: [String]) {
        let scenario = try FaultScenario(store: FaultyStore())
        try scenario.makeChanges()
        let holder = try LockHolder(store: scenario.store.url, errors: scenario.store.store.directory.appendingPathComponent("lock.err"))
        let before = try scenario.store.rows()
        var thrown: (any Error)?
        do { try scenario.context.save() } catch { thrown = error }
        let after = try scenario.store.rows()
        return (scenario, holder, thrown, before, after)
    }

    @Test func theSaveReportsTheStoreBusyInWords() async throws {
        let result = try saveWhileLocked()
        let path = result.scenario.store.url.path
        #expect(result.error.flatMap { OpenSwiftDataError(explaining: $0) } == .storeBusy(path: path, seconds: 1),
                "\(String(describing: result.error))")
        let message = result.error.map { String(describing: $0) } ?? ""
        #expect(message.contains("another program kept it locked"))
        #expect(message.contains(path))
        await result.holder.release()
    }

    @Test func theStoreKeepsItsRowsAndPassesItsIntegrityCheck() async throws {
        let result = try saveWhileLocked()
        #expect(result.error != nil)
        #expect(result.after == result.before)
        await result.holder.release()
        #expect(try result.scenario.store.integrity() == "ok")
    }

    @Test func theContextKeepsItsPendingChanges() async throws {
        let result = try saveWhileLocked()
        let context = result.scenario.context
        #expect(context.hasChanges)
        #expect(context.insertedModelsArray.count == 100)
        #expect(context.deletedModelsArray.count == 1)
        let changed = context.changedModelsArray.compactMap { $0 as? Voucher }.map(\.code).sorted()
        #expect(changed == ["A01", FaultScenario.renamedCode])
        await result.holder.release()
    }

    @Test func aRetryAfterTheOtherProcessEndedSavesExactlyTheIntendedRows() async throws {
        let result = try saveWhileLocked()
        #expect(result.error != nil)
        await result.holder.release()
        #expect(result.holder.process.terminationStatus == 0)
        try result.scenario.context.save()
        #expect(!result.scenario.context.hasChanges)
        #expect(try result.scenario.store.rows() == FaultScenario.intendedRows)
        #expect(try result.scenario.store.integrity() == "ok")
    }
}
