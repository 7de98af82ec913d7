import CommandLineTestSupport
import Foundation
import Testing

/// `cardshow sync`: two CardShow Pro stores, a laptop and a phone, kept in step through
/// a running cardshow-server.
@Suite struct TwoDeviceSyncTests {
    typealias Setup = SyncServerSetup

    /// A device: the cardshow tool on a store of its own, with its token in the environment.
    struct Device {
        let store: String
        let tool: ToolProcess
        let server: String

        init(_ setup: Setup, _ name: String, token: String) {
            store = setup.deviceStore(name)
            tool = ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": token])
            server = setup.server.base.absoluteString
        }

        @discardableResult
        func run(_ arguments: [String]) throws -> ToolProcess.Output {
            let output = try tool.run(["--store", store] + arguments)
            #expect(output.status == 0, "cardshow \(arguments.joined(separator: " ")): \(output.stderr)")
            return output
        }

        func sync() throws -> [String: Any] {
            let output = try run(["sync", "--server", server, "--json"])
            return (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [String: Any] ?? [:]
        }

        /// The IDs of the sales, newest first.
        func saleIDs() throws -> [String] {
            let output = try run(["sale", "list", "--json"])
            return ((try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }

        /// The cards, by ID, each as its name and its value in whole dollars.
        func cards() throws -> [String: String] {
            let output = try run(["card", "list", "--json"])
            let cards = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: cards.map { card in
                ((card["id"] as? String) ?? "", "\(card["name"] as? String ?? "") \((card["marketValue"] as? NSNumber).map { Int($0.doubleValue) } ?? -1)")
            })
        }
    }

    /// A laptop and a phone that both hold Charizard, synced: the start of each conflict of
    /// the dealer's own (a card sold, or traded, on both).
    static func charizardOnBothDevices(_ setup: Setup) throws -> (laptop: Device, phone: Device, card: String) {
        let laptop = Device(setup, "laptop", token: Setup.aliceLaptop)
        let phone = Device(setup, "phone", token: Setup.alicePhone)
        try laptop.run(["card", "add", "--name", "Charizard", "--set", "Base Set", "--number", "4/102", "--value", "350"])
        _ = try laptop.sync()
        _ = try phone.sync()
        return (laptop, phone, try #require(try laptop.cards().keys.first))
    }

    static func keepsTwoDevicesInStep(_ setup: Setup) throws {
        let laptop = Device(setup, "laptop", token: Setup.aliceLaptop)
        let phone = Device(setup, "phone", token: Setup.alicePhone)
        try laptop.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12"])
        try laptop.run(["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8", "--value", "40"])
        let laptopFirst = try laptop.sync()
        #expect(laptopFirst["uploaded"] as? Int == 2, "\(laptopFirst)")
        #expect(laptopFirst["account"] as? String == "alice")
        let phoneFirst = try phone.sync()
        #expect(phoneFirst["downloaded"] as? Int == 2, "\(phoneFirst)")
        #expect(try phone.cards() == laptop.cards())
        #expect(try phone.cards().values.sorted() == ["Mew 40", "Pikachu 12"])

        // Both edit while apart: the laptop reprices Pikachu, the phone adds a card and deletes Mew.
        let ids = try laptop.cards()
        let pikachu = try #require(ids.first { $0.value.hasPrefix("Pikachu") }?.key)
        let mew = try #require(ids.first { $0.value.hasPrefix("Mew") }?.key)
        try laptop.run(["card", "update", pikachu, "--value", "15"])
        try phone.run(["card", "add", "--name", "Charizard", "--set", "Base Set", "--number", "4/102", "--value", "350"])
        try phone.run(["card", "delete", mew])
        _ = try laptop.sync()
        _ = try phone.sync()
        let last = try laptop.sync()
        #expect(last["downloaded"] as? Int == 2, "\(last)")
        #expect(try laptop.cards() == phone.cards())
        #expect(try laptop.cards().values.sorted() == ["Charizard 350", "Pikachu 15"])

        let idle = try phone.run(["sync", "--server", phone.server])
        #expect(idle.stdout.contains("Up to date"), "\(idle.stdout)")
    }

    @Test func twoStoresStayInStepThroughTheServer() async throws {
        try Self.keepsTwoDevicesInStep(try await Setup())
    }

    /// The laptop adds and syncs Pikachu; `keep` keeps its store as it is then; the laptop
    /// adds and syncs Eevee, the phone Snorlax; `putBack` puts the kept store back in place.
    static func putBackAfterBothSyncedMore(_ setup: Setup, keep: (Device) throws -> Void,
                                           putBack: (Device) throws -> Void) throws -> (laptop: Device, phone: Device) {
        let laptop = Device(setup, "laptop", token: Setup.aliceLaptop)
        let phone = Device(setup, "phone", token: Setup.alicePhone)
        try laptop.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12"])
        _ = try laptop.sync()
        try keep(laptop)
        try laptop.run(["card", "add", "--name", "Eevee", "--set", "Jungle", "--number", "51/64", "--value", "3"])
        _ = try laptop.sync()
        try phone.run(["card", "add", "--name", "Snorlax", "--set", "Jungle", "--number", "11/64", "--value", "30"])
        _ = try phone.sync()
        try putBack(laptop)
        return (laptop, phone)
    }

    /// Issue 33's twenty-fourth pass: a store restored from a backup made before its last sync
    /// synced on as its old self, and the server does not send a device what it uploaded, so
    /// the cards it added after the backup (and synced) never came back to it, while the
    /// other devices kept them: the two stores differed for good, each saying it was up to date.
    @Test func aStoreRestoredFromABackupMadeBeforeItsLastSyncGetsBackWhatItSyncedSince() async throws {
        let setup = try await Setup()
        let backup = setup.folder.url.appendingPathComponent("laptop.backup").path
        let (laptop, phone) = try Self.putBackAfterBothSyncedMore(setup, keep: { try $0.run(["backup", "--output", backup]) },
                                                                  putBack: { try $0.run(["restore", backup]) })
        _ = try laptop.sync()
        #expect(try laptop.cards().values.sorted() == ["Eevee 3", "Pikachu 12", "Snorlax 30"])
        #expect(try laptop.cards() == phone.cards())
    }

    /// A store put back by copying its file (`cp`, a file-system snapshot) rather than by
    /// `cardshow restore`: the server's count of the device's uploads shows it to be a copy,
    /// and it goes on as a new device, saying so.
    @Test func aStorePutBackByCopyingItsFileGetsBackWhatItSyncedSinceAndSaysItIsACopy() async throws {
        let setup = try await Setup()
        let copy = setup.folder.url.appendingPathComponent("laptop-copy.store").path
        // The file and its log, as a copy of a store must take them.
        func copyStore(from source: String, to target: String) throws {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: target + suffix) }
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
                try FileManager.default.copyItem(atPath: source + suffix, toPath: target + suffix)
            }
        }
        let (laptop, phone) = try Self.putBackAfterBothSyncedMore(setup, keep: { try copyStore(from: $0.store, to: copy) },
                                                                  putBack: { try copyStore(from: copy, to: $0.store) })
        let report = try laptop.sync()
        #expect(report["continuedAsNewDevice"] as? Bool == true, "\(report)")
        #expect(try laptop.cards().values.sorted() == ["Eevee 3", "Pikachu 12", "Snorlax 30"])
        #expect(try laptop.cards() == phone.cards())
    }

    /// A card each device sold before they synced: sync keeps both sales, as it cannot know
    /// which happened. It said nothing, and voiding one put the card back in stock though the
    /// other sale stood.
    @Test func aCardSoldOnBothDevicesBeforeTheySyncedIsNotedAndVoidingOneSaleLeavesItSold() async throws {
        let setup = try await Setup()
        let (laptop, phone, card) = try Self.charizardOnBothDevices(setup)
        try laptop.run(["sale", "record", "--card", card, "--price", "340"])
        try phone.run(["sale", "record", "--card", card, "--price", "345"])
        _ = try laptop.sync()
        let noted = try phone.run(["sync", "--server", phone.server])
        #expect(noted.stderr.contains("Note: Charizard #4/102 (\(card.prefix(8))) has 2 sales ("), "\(noted.stderr)")
        #expect(noted.stderr.contains("it was sold on more than one device before they synced. "
                                      + "Void each sale that did not happen with `cardshow sale void ID`."), "\(noted.stderr)")

        let ids = try phone.saleIDs()
        #expect(ids.count == 2, "\(ids)")
        let voided = try phone.run(["sale", "void", try #require(ids.first)])
        #expect(voided.stdout.contains("its other sale stands, so it is still sold."), "\(voided.stdout)")
        let shown = try phone.run(["card", "show", card, "--json"])
        #expect(shown.stdout.contains("\"status\" : \"Sold\""), "\(shown.stdout)")
        #expect(try phone.run(["sync", "--server", phone.server]).stderr.isEmpty)
    }

    /// A card each device sold before they synced, then each device voided a different one of
    /// its two sales before they synced again: each void left the card sold by the other sale,
    /// so once synced the card was sold with no sale, out of every listing, where neither sale
    /// happened.
    /// Charizard sold on both devices before they synced, then each device voiding a different
    /// one of its two sales before they synced again; the laptop has synced its void, the phone not yet.
    static func charizardWithEachSaleVoidedOnOneDevice(_ setup: Setup) throws -> (laptop: Device, phone: Device, card: String) {
        let (laptop, phone, card) = try Self.charizardOnBothDevices(setup)
        try laptop.run(["sale", "record", "--card", card, "--price", "340"])
        try phone.run(["sale", "record", "--card", card, "--price", "345"])
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        let ids = try phone.saleIDs()
        try #require(ids.count == 2, "\(ids)")
        try laptop.run(["sale", "void", ids[0]])
        try phone.run(["sale", "void", ids[1]])
        _ = try laptop.sync()
        return (laptop, phone, card)
    }

    @Test func aCardWhoseTwoSalesEachDeviceVoidedOneOfBeforeTheySyncedIsBackInStock() async throws {
        let setup = try await Setup()
        let (laptop, phone, card) = try Self.charizardWithEachSaleVoidedOnOneDevice(setup)
        let restocked = try phone.run(["sync", "--server", phone.server])
        #expect(restocked.stderr.contains("Note: Charizard #4/102 (\(card.prefix(8))) is back in stock: its sales were each "
                                          + "voided on a different device before they synced, so none stands."), "\(restocked.stderr)")
        _ = try laptop.sync()
        for device in [laptop, phone] {
            let shown = try device.run(["card", "show", card, "--json"])
            #expect(shown.stdout.contains("\"status\" : \"In Stock\""), "\(shown.stdout)")
        }
    }

    /// Charizard and Blastoise, and an event running, on the laptop and the phone, synced.
    static func runningEventOnBothDevices(_ setup: Setup) throws -> (laptop: Device, phone: Device, charizard: String, blastoise: String) {
        let laptop = Device(setup, "laptop", token: Setup.aliceLaptop)
        let phone = Device(setup, "phone", token: Setup.alicePhone)
        try laptop.run(["card", "add", "--name", "Charizard", "--set", "Base Set", "--number", "4/102", "--value", "350"])
        try laptop.run(["card", "add", "--name", "Blastoise", "--set", "Base Set", "--number", "2/102", "--value", "120"])
        try laptop.run(["event", "start", "--name", "Spring Show", "--location", "Hall A"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let cards = try laptop.cards()
        let charizard = try #require(cards.first { $0.value.hasPrefix("Charizard") }?.key)
        let blastoise = try #require(cards.first { $0.value.hasPrefix("Blastoise") }?.key)
        return (laptop, phone, charizard, blastoise)
    }

    /// An event running on both devices, each selling a card at it before they synced: sync
    /// merges the event's fields whole, so both kept one device's totals ("1 sold, $50.00"
    /// where the two sales made $150.00) and one device's cards brought.
    @Test func salesAtOneEventOnTwoDevicesBeforeTheySyncedAreBothCountedInItsTotals() async throws {
        let setup = try await Setup()
        let (laptop, phone, charizard, blastoise) = try Self.runningEventOnBothDevices(setup)
        try laptop.run(["sale", "record", "--card", charizard, "--price", "100"])
        try phone.run(["sale", "record", "--card", blastoise, "--price", "50"])
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        for device in [laptop, phone] {
            let report = try device.run(["event", "report", "--json"])
            let totals = (try? JSONSerialization.jsonObject(with: Data(report.stdout.utf8))) as? [String: Any] ?? [:]
            #expect(totals["cardsSold"] as? Int == 2, "\(report.stdout)")
            #expect((totals["totalRevenue"] as? NSNumber)?.doubleValue == 150, "\(report.stdout)")
            #expect((totals["totalProfit"] as? NSNumber)?.doubleValue == 150, "\(report.stdout)")
            #expect(totals["cardsCount"] as? Int == 2, "\(report.stdout)")
        }
    }

    /// An event running on both devices, each bringing a card to it before they synced:
    /// the event's cards were one value to sync, and the later device's list replaced the
    /// other's, so one card brought was lost on both devices.
    @Test func cardsBroughtToOneEventOnTwoDevicesBeforeTheySyncedAreBothBrought() async throws {
        let setup = try await Setup()
        let (laptop, phone, charizard, blastoise) = try Self.runningEventOnBothDevices(setup)
        try laptop.run(["event", "bring", charizard])
        try phone.run(["event", "bring", blastoise])
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        for device in [laptop, phone] {
            let report = try device.run(["event", "report", "--json"])
            let totals = (try? JSONSerialization.jsonObject(with: Data(report.stdout.utf8))) as? [String: Any] ?? [:]
            #expect(totals["cardsCount"] as? Int == 2, "\(report.stdout)")
        }
    }

    /// A card one device sold and the other traded away before they synced: both records
    /// stood without a word, and voiding the sale put the card back in stock though it was
    /// traded away.
    @Test func aCardSoldOnOneDeviceAndTradedAwayOnTheOtherIsNotedAndVoidingTheSaleLeavesItTradedAway() async throws {
        let setup = try await Setup()
        let (laptop, phone, card) = try Self.charizardOnBothDevices(setup)
        try phone.run(["trade", "record", "--give", card, "--receive", "Blastoise|Base Set|2/102|150", "--no-event"])
        try laptop.run(["sale", "record", "--card", card, "--price", "340", "--no-event"])
        _ = try phone.sync()
        let noted = try laptop.run(["sync", "--server", laptop.server])
        #expect(noted.stderr.contains("Note: Charizard #4/102 (\(card.prefix(8))) was sold (sale "), "\(noted.stderr)")
        #expect(noted.stderr.contains("and traded away (trade "), "\(noted.stderr)")
        #expect(noted.stderr.contains("on more than one device before they synced. "
                                      + "If a sale did not happen, void it with `cardshow sale void ID`; the card stays traded away."),
                "\(noted.stderr)")
        let ids = try laptop.saleIDs()
        let voided = try laptop.run(["sale", "void", try #require(ids.first)])
        #expect(voided.stdout.contains("it was traded away, so it stays out of stock."), "\(voided.stdout)")
        let shown = try laptop.run(["card", "show", card, "--json"])
        #expect(shown.stdout.contains("\"status\" : \"Traded Away\""), "\(shown.stdout)")
    }

    /// A sale both devices voided, one of them selling the card again (and another card's
    /// sale both voided, one of them trading the card away) before the other's void: the later
    /// status write, the other's "in stock", won whole, so both devices kept the cards in stock
    /// with the new sale and the trade standing, to be sold again.
    @Test func aCardBothDevicesPutBackInStockAndOneSoldOrTradedAgainBeforeTheySyncedStaysOutOfStock() async throws {
        let setup = try await Setup()
        let (laptop, phone, charizard) = try Self.charizardOnBothDevices(setup)
        try laptop.run(["card", "add", "--name", "Blastoise", "--set", "Base Set", "--number", "2/102", "--value", "120"])
        let blastoise = try #require(try laptop.cards().first { $0.value.hasPrefix("Blastoise") }?.key)
        try laptop.run(["sale", "record", "--card", charizard, "--price", "340", "--no-event"])
        try laptop.run(["sale", "record", "--card", blastoise, "--price", "110", "--no-event"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let mistaken = try phone.saleIDs()
        try #require(mistaken.count == 2, "\(mistaken)")
        for sale in mistaken { try phone.run(["sale", "void", sale]) }
        try phone.run(["sale", "record", "--card", charizard, "--price", "345", "--no-event"])
        try phone.run(["trade", "record", "--give", blastoise, "--receive", "Venusaur|Base Set|15/102|100", "--no-event"])
        for sale in mistaken { try laptop.run(["sale", "void", sale]) }
        _ = try phone.sync()
        let noted = try laptop.run(["sync", "--server", laptop.server])
        #expect(noted.stderr.contains("Note: Charizard #4/102 (\(charizard.prefix(8))) is out of stock again, sold: its sale "),
                "\(noted.stderr)")
        #expect(noted.stderr.contains("Note: Blastoise #2/102 (\(blastoise.prefix(8))) is out of stock again, traded away: its trade "),
                "\(noted.stderr)")
        #expect(noted.stderr.contains("though another device put it back in stock before they synced."), "\(noted.stderr)")
        _ = try phone.sync()
        _ = try laptop.sync()
        for device in [laptop, phone] {
            #expect(try device.cards().values.sorted() == ["Venusaur 100"], "\(device.store)")
            let shown = try device.run(["card", "show", blastoise, "--json"])
            #expect(shown.stdout.contains("\"status\" : \"Traded Away\""), "\(shown.stdout)")
        }
        #expect(try phone.run(["sync", "--server", phone.server]).stderr.isEmpty)
    }

    @Test func anotherAccountsDeviceSeesNoneOfTheCards() async throws {
        let setup = try await Setup()
        let laptop = Device(setup, "laptop", token: Setup.aliceLaptop)
        let bob = Device(setup, "bob", token: Setup.bob)
        try laptop.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12"])
        _ = try laptop.sync()
        let report = try bob.sync()
        #expect(report["account"] as? String == "bob")
        #expect(report["downloaded"] as? Int == 0, "\(report)")
        #expect(try bob.cards().isEmpty)
    }

    @Test func aServerThatCannotBeReachedExitsOfflineAndTheChangesAreSentLater() async throws {
        let setup = try await Setup()
        let laptop = Device(setup, "laptop", token: Setup.aliceLaptop)
        try laptop.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12"])
        // Port 1 (tcpmux): nothing listens there on a machine that runs tests.
        let offline = try laptop.tool.run(["--store", laptop.store, "sync", "--server", "http://127.0.0.1:1", "--timeout", "5"])
        #expect(offline.status != 0)
        #expect(offline.stderr.contains("Offline"), "\(offline.stderr)")
        #expect(offline.stderr.contains("Local changes are kept"), "\(offline.stderr)")
        #expect(try laptop.cards().values.sorted() == ["Pikachu 12"])
        #expect(try laptop.sync()["uploaded"] as? Int == 1)
        let phone = Device(setup, "phone", token: Setup.alicePhone)
        #expect(try phone.sync()["downloaded"] as? Int == 1)
    }

    @Test func aRefusedTokenExitsWithTheServersWordsAndChangesNothing() async throws {
        let setup = try await Setup()
        let stranger = Device(setup, "stranger", token: "not-a-token-the-server-gave-0123456789abcdef")
        let output = try stranger.tool.run(["--store", stranger.store, "sync", "--server", stranger.server, "--json"])
        #expect(output.status != 0)
        let error = (try? JSONSerialization.jsonObject(with: Data(output.stderr.utf8)) as? [String: Any])?["error"] as? String
        #expect(error?.contains("refused this device's token") == true, "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stranger.store))
    }

    @Test func aMissingTokenSaysWhereToGiveIt() async throws {
        let setup = try await Setup()
        let tool = ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": nil])
        let output = try tool.run(["--store", setup.deviceStore("laptop"), "sync", "--server", setup.server.base.absoluteString])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--token") && output.stderr.contains("CARDSHOW_SYNC_TOKEN"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.deviceStore("laptop")))
    }
}
