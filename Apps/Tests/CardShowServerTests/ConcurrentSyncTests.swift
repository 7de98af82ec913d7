import CommandLineTestSupport
import Foundation
import Testing

/// Several `cardshow sync` of one store at the same moment (a scheduled one and one typed).
@Suite struct ConcurrentSyncTests {
    typealias Device = TwoDeviceSyncTests.Device

    /// Issue 33's twenty-third pass: three syncs of one store at once each sent the cards added
    /// since its last sync, and the store then lost them: 20 of its 40 cards, and the server
    /// held another count again.
    @Test func syncsOfOneStoreAtOnceLoseNoCard() async throws {
        let setup = try await SyncServerSetup()
        let laptop = Device(setup, "laptop", token: SyncServerSetup.aliceLaptop)
        var added = 0
        for round in 1...3 {
            for number in 1...20 {
                try laptop.run(["card", "add", "--name", "Card \(round)-\(number)", "--set", "S", "--number", "\(number)"])
            }
            added += 20
            let lock = NSLock()
            nonisolated(unsafe) var statuses: [Int32] = []
            DispatchQueue.concurrentPerform(iterations: 3) { _ in
                let status = (try? laptop.tool.run(["--store", laptop.store, "sync", "--server", laptop.server]).status) ?? -1
                lock.withLock { statuses.append(status) }
            }
            #expect(statuses == [0, 0, 0], "round \(round)")
            #expect(try laptop.cards().count == added, "round \(round)")
        }
        let phone = Device(setup, "phone", token: SyncServerSetup.alicePhone)
        _ = try phone.sync()
        #expect(try phone.cards() == laptop.cards())
    }
}
