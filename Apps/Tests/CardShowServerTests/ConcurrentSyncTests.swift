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

    @Test func aSyncThatWaitsForTheLockOfItsStoresFolderSaysSo() async throws {
        let setup = try await SyncServerSetup()
        let laptop = Device(setup, "laptop", token: SyncServerSetup.aliceLaptop)
        try laptop.run(["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58"])
        // Another program holds the folder's lock (flock(1) on it) for two seconds.
        let held = open(setup.folder.url.path, O_RDONLY)
        #expect(flock(held, LOCK_EX) == 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) { close(held) }
        let output = try laptop.run(["sync", "--server", laptop.server])
        #expect(output.stderr.contains("Waiting for another sync of this store (or of another store in \(setup.folder.url.path)) to finish: "
                                       + "syncs of the stores in one folder take turns. If none is running, another program holds the folder's lock."),
                "\(output.stderr)")
        #expect(output.stdout.contains("uploaded 1 change"), "\(output.stdout)")
    }
}
