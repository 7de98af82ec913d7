import CardShowPro
import CommandLineTestSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataSync
import Testing

/// A trade voided on one device while the other, not yet synced, sold a card received in
/// it: once both synced, the card was gone with its sale standing, and nothing said so (the
/// void refuses this on one device, and cannot see the other's sale). The selling device
/// now says so after its sync, with what to do.
@Suite struct VoidedTradeSyncTests {
    typealias Setup = SyncServerSetup
    typealias Device = TwoDeviceSyncTests.Device

    /// Charizard traded for Blastoise on the laptop, synced to the phone; returns the trade's
    /// ID and Blastoise's.
    static func tradeOnBothDevices(_ laptop: Device, _ phone: Device, giving charizard: String) throws -> (trade: String, blastoise: String) {
        try laptop.run(["trade", "record", "--give", charizard, "--receive", "Blastoise|Base Set|2/102|150", "--no-event"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let listed = try laptop.run(["trade", "list", "--json"])
        let trades = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
        let trade = try #require(trades.first?["id"] as? String)
        let blastoise = try #require(try phone.cards().first { $0.value.hasPrefix("Blastoise") }?.key)
        return (trade, blastoise)
    }

    /// Charizard traded for Blastoise on the laptop, synced, and Blastoise sold on the phone,
    /// not yet synced; returns the devices, the trade's ID and Blastoise's.
    static func blastoiseSoldOnThePhone(_ setup: Setup) throws -> (laptop: Device, phone: Device, trade: String, blastoise: String) {
        let (laptop, phone, charizard) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        let (trade, blastoise) = try tradeOnBothDevices(laptop, phone, giving: charizard)
        try phone.run(["sale", "record", "--card", blastoise, "--price", "160", "--no-event"])
        return (laptop, phone, trade, blastoise)
    }

    @Test func aTradeVoidedOnAnotherDeviceWhileThisOneSoldACardReceivedInItIsNotedWithWhatToDo() async throws {
        let setup = try await Setup()
        let (laptop, phone, trade, _) = try Self.blastoiseSoldOnThePhone(setup)
        let sale = try #require(try phone.saleIDs().first)
        try laptop.run(["trade", "void", trade])
        _ = try laptop.sync()

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("Note: trade \(trade.prefix(8)) was voided on another device before they synced, which took "
                                       + "Blastoise #2/102, received in it, out of the store; this device had sold it since "
                                       + "(sale \(sale.prefix(8))), which stands without the card."), "\(synced.stderr)")
        #expect(synced.stderr.contains("If the trade happened, record it again with `cardshow trade record`; if the sale did not, "
                                       + "void it with `cardshow sale void \(sale.prefix(8))`."), "\(synced.stderr)")
        #expect(try phone.cards().values.sorted() == ["Charizard 350"])
        // Said once: the next sync has nothing to say.
        #expect(try phone.run(["sync", "--server", phone.server]).stderr.isEmpty)
    }

    /// The phone's sync that downloaded the void stopped (killed) after saving it and before
    /// its notes: the next sync, listing the cards that moved on after that download, never
    /// knew the card had been received in the trade, and the sale stood unnoted.
    @Test func aTradeVoidedOnAnotherDeviceIsNotedByTheSyncAfterOneStoppedBeforeItsNotes() async throws {
        let setup = try await Setup()
        let (laptop, phone, trade, _) = try Self.blastoiseSoldOnThePhone(setup)
        try laptop.run(["trade", "void", trade])
        _ = try laptop.sync()
        // What `cardshow sync` does before it stops: it keeps its lists, then downloads.
        let store = URL(fileURLWithPath: phone.store)
        do {
            let container = try CardShowStore.container(at: store)
            let context = ModelContext(container)
            PendingRestockCheck(besides: store).keep(try SalesService(context: context).soldCardsWithSales(),
                                                     movedOn: try TradeService(context: context).receivedCardsMovedOn())
            let client = try SyncClient(modelContainer: container, account: "alice", transport: try setup.transport(Setup.alicePhone),
                                        schemaVersion: CardShowStore.schema.version.description)
            try await client.syncOnce()
        }

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("Note: trade \(trade.prefix(8)) was voided on another device before they synced"), "\(synced.stderr)")
        #expect(!(try phone.run(["sync", "--server", phone.server]).stderr.contains("was voided")))
    }

    @Test func aSoldCardReceivedInATradeThatAnotherDeviceDeletedIsNotNotedAsAVoid() async throws {
        let setup = try await Setup()
        let (laptop, phone, _, blastoise) = try Self.blastoiseSoldOnThePhone(setup)
        try laptop.run(["card", "delete", blastoise])
        _ = try laptop.sync()

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(!synced.stderr.contains("was voided on another device"), "\(synced.stderr)")
    }
}
