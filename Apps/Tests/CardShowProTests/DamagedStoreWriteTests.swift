import CardShowPro
import Foundation
import OpenSwiftData
import Testing

/// A store with a damaged page that the command itself would not read is still not
/// written further: the first write checks the whole file.
@Suite("cardshow on a store with a damaged page")
struct DamagedStoreWriteTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
    }

    /// A store of many cards, all in its main file (the last connection's close moves
    /// the write-ahead log into it), whose middle pages are then overwritten.
    func damagedStore() throws -> URL {
        let store = home.file("cards.store")
        do {
            let context = ModelContext(try CardShowStore.container(at: store))
            for index in 0..<1_500 {
                context.insert(InventoryCard(name: "Card \(index) " + String(repeating: "x", count: 80), setName: "Set",
                                             cardNumber: "\(index)", condition: .nearMint, marketValue: 1,
                                             purchaseCost: nil, acquiredDate: Date(timeIntervalSince1970: 1_700_000_000)))
            }
            try context.save()
        }
        #expect(!FileManager.default.fileExists(atPath: store.path + "-wal"))
        let handle = try FileHandle(forWritingTo: store)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0x13, count: 16_384))
        try handle.close()
        return store
    }

    @Test func addingACardToAStoreWithADamagedPageIsRefusedAndChangesNothing() throws {
        let store = try damagedStore()
        let before = try Data(contentsOf: store)
        let add = try cli.run(["card", "add", "--name", "New", "--set", "S", "--number", "1", "--store", store.path])
        #expect(add.status != 0)
        #expect(add.stderr.contains("is damaged"))
        #expect(add.stderr.contains("Nothing was changed"))
        #expect(try Data(contentsOf: store) == before)
        let log = (try? FileManager.default.attributesOfItem(atPath: store.path + "-wal"))?[.size] as? Int ?? 0
        #expect(log == 0)
    }

    @Test func theRefusalIsAllThatStandardErrorShows() throws {
        let store = try damagedStore()
        let add = try cli.run(["card", "add", "--name", "New", "--set", "S", "--number", "1", "--store", store.path])
        #expect(add.status != 0)
        #expect(add.stderr.hasPrefix("Error: "), "\(add.stderr)")
        #expect(!add.stderr.contains("OpenSwiftData"), "\(add.stderr)")
    }
}
