import FaultInjection
import Foundation
@testable import OpenSwiftData
import Testing

/// Saves that fail inside SQLite (a full disk, an I/O error, a constraint met after
/// earlier statements ran, a lock held past the timeout) leave the store as it was,
/// say what happened, keep the context's changes, and succeed when retried.
@Suite struct SaveFaultTests {
    /// The scenario's save under `fault`: what it threw, and the store's rows before and after.
    private func failedSave(_ fault: StoreFault) throws -> (scenario: FaultScenario, error: (any Error)?, before: [String], after: [String]) {
        let scenario = try FaultScenario(store: FaultyStore())
        try scenario.makeChanges()
        let armed = try fault.arm(scenario.store, container: scenario.container)
        let before = try scenario.store.rows()
        var thrown: (any Error)?
        do { try scenario.context.save() } catch { thrown = error }
        let after = try scenario.store.rows()
        try fault.clear(scenario.store, armed)
        return (scenario, thrown, before, after)
    }

    @Test(arguments: StoreFault.allCases)
    func theStoreKeepsItsRowsAndPassesItsIntegrityCheck(_ fault: StoreFault) throws {
        let result = try failedSave(fault)
        #expect(result.error != nil)
        #expect(result.after == result.before)
        #expect(try result.scenario.store.integrity() == "ok")
    }

    @Test(arguments: StoreFault.allCases)
    func theErrorIsTypedAndSaysWhatHappened(_ fault: StoreFault) throws {
        let result = try failedSave(fault)
        let error = result.error.flatMap { OpenSwiftDataError(explaining: $0) }
        #expect(fault.isExpected(error, path: result.scenario.store.url.path), "\(String(describing: result.error))")
        let message = "\(error.map(String.init(describing:)) ?? "")"
        #expect(message.contains(fault.words))
        if fault.namesTheFile { #expect(message.contains(result.scenario.store.url.path)) }
        #expect(!message.contains("SQLITE"))
    }

    @Test(arguments: StoreFault.allCases)
    func theContextKeepsItsPendingChanges(_ fault: StoreFault) throws {
        let result = try failedSave(fault)
        let context = result.scenario.context
        #expect(context.hasChanges)
        #expect(context.insertedModelsArray.count == 100)
        #expect(context.deletedModelsArray.count == 1)
        let changed = context.changedModelsArray.compactMap { $0 as? Voucher }.map(\.code).sorted()
        #expect(changed == ["A01", FaultScenario.renamedCode])
        let inserted = context.insertedModelsArray.compactMap { $0 as? Voucher }.map(\.code)
        #expect(inserted == (0..<100).map { String(format: "N%03d", $0) })
    }

    @Test(arguments: StoreFault.allCases)
    func aRetryAfterTheFaultClearsSavesExactlyTheIntendedRows(_ fault: StoreFault) throws {
        let result = try failedSave(fault)
        try result.scenario.context.save()
        #expect(!result.scenario.context.hasChanges)
        #expect(try result.scenario.store.rows() == FaultScenario.intendedRows)
        #expect(try result.scenario.store.integrity() == "ok")
    }
}
