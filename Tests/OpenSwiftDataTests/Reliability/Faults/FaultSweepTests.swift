import FaultInjection
import Foundation
import GRDB
@testable import OpenSwiftData
import Testing

/// A disk that fills up, or reports an I/O error, at each write of a save in turn:
/// every failed save leaves the store as it was and its retry lands whole.
@Suite struct FaultSweepTests {
    /// The numbers of one sweep: how many saves a fault broke, and how many of their retries landed.
    struct Figures { var broken = 0, recovered = 0 }

    /// Saves batches of 50 vouchers, the first with a fault at the save's first write, the
    /// next at its second, and so on until a save has fewer writes than the fault waits for.
    private func sweep(_ code: ResultCode, expecting expected: (String) -> OpenSwiftDataError) throws -> Figures {
        let store = FaultyStore()
        let container = try store.container()
        var figures = Figures()
        for position in 0..<200 {
            let context = ModelContext(container)
            for index in 0..<50 {
                context.insert(Voucher(code: "B\(position)-\(index)", amount: index, note: String(repeating: "s", count: 300)))
            }
            let before = try store.rows()
            fault_injection_arm(store.prefix, FAULT_ON_WRITE, Int64(position), code.rawValue)
            do {
                try context.save()
                #expect(fault_injection_failures(store.prefix) == 0)
                fault_injection_clear(store.prefix)
                return figures
            } catch {
                fault_injection_clear(store.prefix)
                figures.broken += 1
                #expect(OpenSwiftDataError(explaining: error) == expected(store.url.path))
                #expect(try store.rows() == before)
                #expect(try store.integrity() == "ok")
                #expect(context.insertedModelsArray.count == 50)
            }
            try context.save()
            #expect(try store.rows().count == before.count + 50)
            figures.recovered += 1
        }
        return figures
    }

    @Test func aFullDiskAtEachWriteOfASaveLosesNothing() throws {
        let figures = try sweep(.SQLITE_FULL) { .storeDiskFull(path: $0) }
        #expect(figures.broken >= 10)
        #expect(figures.recovered == figures.broken)
    }

    @Test func anIOErrorAtEachWriteOfASaveLosesNothing() throws {
        let figures = try sweep(.SQLITE_IOERR_WRITE) { .storeIOError(path: $0, operation: .writing) }
        #expect(figures.broken >= 10)
        #expect(figures.recovered == figures.broken)
    }
}
