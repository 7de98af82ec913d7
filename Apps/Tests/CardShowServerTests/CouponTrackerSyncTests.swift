import CommandLineTestSupport
import CouponTracker
import Foundation
import OpenSwiftDataSync
import Testing

/// `coupontracker sync`: two CouponTracker wallets kept in step through the same server,
/// below `/coupontracker`, apart from CardShow Pro's.
@Suite struct CouponTrackerSyncTests {
    typealias Setup = SyncServerSetup

    /// A device: the coupontracker tool on a store of its own, at a fixed moment, with its token in the environment.
    struct Wallet {
        let store: String
        let tool: ToolProcess
        let server: String

        init(_ setup: Setup, _ name: String, token: String, server: String? = nil) {
            store = setup.deviceStore(name)
            tool = ToolProcess("coupontracker", environment: ["COUPONTRACKER_SYNC_TOKEN": token, "TZ": "UTC"])
            self.server = server ?? setup.server.base.absoluteString + "/coupontracker"
        }

        @discardableResult
        func run(_ arguments: [String], now: String = "2026-03-15") throws -> ToolProcess.Output {
            let output = try tool.run(["--store", store, "--now", now] + arguments)
            #expect(output.status == 0, "coupontracker \(arguments.joined(separator: " ")): \(output.stderr)")
            return output
        }

        func sync() throws -> [String: Any] {
            let output = try run(["sync", "--server", server, "--json"])
            return (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [String: Any] ?? [:]
        }

        /// The history as of `now`: each record's date, benefit and kind, sorted.
        func history(now: String) throws -> [String] {
            let output = try run(["history", "--json"], now: now)
            let rows = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]] ?? []
            return rows.map { "\($0["date"] as? String ?? "") \($0["benefit"] as? String ?? "") \($0["kind"] as? String ?? "")" }.sorted()
        }

        /// Each benefit as its card, name and status, sorted.
        func benefits() throws -> [String] {
            let output = try run(["benefits", "--json"])
            let rows = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]] ?? []
            return rows.map { "\($0["card"] as? String ?? "") · \($0["name"] as? String ?? "") · \($0["status"] as? String ?? "")" }.sorted()
        }
    }

    @Test func twoWalletsStayInStepThroughTheServer() async throws {
        let setup = try await Setup()
        let laptop = Wallet(setup, "laptop-wallet", token: Setup.aliceLaptop)
        let phone = Wallet(setup, "phone-wallet", token: Setup.alicePhone)
        try laptop.run(["add", "--template", "Gold Card", "--nickname", "Dining"])
        #expect(try laptop.sync()["uploaded"] as? Int ?? 0 > 0)
        _ = try phone.sync()
        let added = try laptop.benefits()
        #expect(!added.isEmpty)
        #expect(try phone.benefits() == added)

        // The phone marks a benefit used while the laptop adds a card; both sync.
        try phone.run(["use", "Uber Cash", "--card", "Dining"])
        try laptop.run(["add", "--template", "Gold Card", "--nickname", "Travel"])
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        let laptopBenefits = try laptop.benefits()
        #expect(laptopBenefits == (try phone.benefits()))
        #expect(laptopBenefits.contains("Dining · Uber Cash · used"), "\(laptopBenefits)")
        #expect(laptopBenefits.contains { $0.hasPrefix("Travel · ") }, "\(laptopBenefits)")
    }

    @Test func aPeriodBothWalletsRolledWithResetIsRecordedExpiredOnce() async throws {
        let setup = try await Setup()
        let laptop = Wallet(setup, "laptop-wallet", token: Setup.aliceLaptop)
        let phone = Wallet(setup, "phone-wallet", token: Setup.alicePhone)
        try laptop.run(["add", "--template", "Gold Card", "--nickname", "Dining"], now: "2026-01-10")
        _ = try laptop.sync()
        _ = try phone.sync()
        // Each device rolls January into February on its own, as each user of the wallet does.
        try laptop.run(["reset"], now: "2026-02-05")
        try phone.run(["reset"], now: "2026-02-05")
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        let expired = try laptop.history(now: "2026-02-05").filter { $0.hasSuffix(" expired") }
        #expect(!expired.isEmpty)
        #expect(Set(expired).count == expired.count, "each period expired once: \(expired)")
        #expect(try phone.history(now: "2026-02-05") == laptop.history(now: "2026-02-05"))
    }

    /// A laptop and a phone holding the Gold Card, nicknamed Dining, synced.
    static func goldCardOnBothWallets(_ setup: Setup) throws -> (laptop: Wallet, phone: Wallet) {
        let laptop = Wallet(setup, "laptop-wallet", token: Setup.aliceLaptop)
        let phone = Wallet(setup, "phone-wallet", token: Setup.alicePhone)
        try laptop.run(["add", "--template", "Gold Card", "--nickname", "Dining"])
        _ = try laptop.sync()
        _ = try phone.sync()
        return (laptop, phone)
    }

    @Test func aBenefitBothWalletsMarkedUsedInOnePeriodIsRecordedUsedOnce() async throws {
        let setup = try await Setup()
        let (laptop, phone) = try CouponTrackerSyncTests.goldCardOnBothWallets(setup)
        try laptop.run(["use", "Uber Cash", "--card", "Dining"])
        try phone.run(["use", "Uber Cash", "--card", "Dining"])
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        let used = try laptop.history(now: "2026-03-15").filter { $0.hasSuffix(" used") }
        #expect(used == ["2026-03-15 Uber Cash used"], "\(used)")
        #expect(try phone.history(now: "2026-03-15") == laptop.history(now: "2026-03-15"))
        // Taken back on one device, the use is gone from both, and the benefit is available on both.
        try phone.run(["undo", "Uber Cash", "--card", "Dining"])
        _ = try phone.sync()
        _ = try laptop.sync()
        #expect(try laptop.history(now: "2026-03-15").filter { $0.hasSuffix(" used") }.isEmpty)
        #expect(try laptop.benefits().contains("Dining · Uber Cash · available"))
    }

    @Test func aBenefitWalletsInTwoTimeZonesBothMarkedUsedInOnePeriodIsRecordedUsedOnce() async throws {
        let setup = try await Setup()
        let laptop = Wallet(setup, "laptop-wallet", token: Setup.aliceLaptop)
        let phone = Wallet(setup, "phone-wallet", token: Setup.alicePhone)
        let california = ["--time-zone", "America/Los_Angeles"]
        try laptop.run(["add", "--template", "Gold Card", "--nickname", "Dining"], now: "2026-01-10")
        _ = try laptop.sync()
        _ = try phone.sync()
        // Each starts February in its own zone (the laptop in UTC, the phone 8 hours behind), then both mark one benefit used.
        try laptop.run(["reset"], now: "2026-02-05")
        try phone.run(california + ["reset"], now: "2026-02-05")
        try laptop.run(["use", "Uber Cash", "--card", "Dining"], now: "2026-02-06")
        try phone.run(california + ["use", "Uber Cash", "--card", "Dining"], now: "2026-02-06")
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        let used = try laptop.history(now: "2026-02-07").filter { $0.hasSuffix(" used") }
        #expect(used == ["2026-02-06 Uber Cash used"], "\(used)")
    }

    @Test func aBenefitATemplateUpdateAddsOnBothWalletsIsAddedOnce() async throws {
        let setup = try await Setup()
        // The bundled catalog, one version newer, with a benefit more on the Gold Card.
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CouponTracker/Resources/CardTemplates.json")
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bundled)) as? [String: Any])
        var cards = try #require(catalog["cards"] as? [[String: Any]])
        let gold = try #require(cards.firstIndex { $0["name"] as? String == "Gold Card" })
        var benefits = try #require(cards[gold]["benefits"] as? [[String: Any]])
        var perk = benefits[0]
        perk["id"] = "550e8400-e29b-41d4-a716-44665544ffff"
        perk["name"] = "New Perk"
        benefits.append(perk)
        cards[gold]["benefits"] = benefits
        catalog["cards"] = cards
        catalog["dataVersion"] = "2099.01.01"
        let newer = setup.folder.url.appendingPathComponent("newer-templates.json")
        try JSONSerialization.data(withJSONObject: catalog).write(to: newer)

        let (laptop, phone) = try CouponTrackerSyncTests.goldCardOnBothWallets(setup)
        // Each device brings its wallet up to date with the newer file.
        try laptop.run(["--templates", newer.path, "sync-templates"])
        try phone.run(["--templates", newer.path, "sync-templates"])
        _ = try laptop.sync()
        _ = try phone.sync()
        _ = try laptop.sync()
        let listed = try laptop.run(["--templates", newer.path, "benefits", "--json"]).stdout
        let rows = (try? JSONSerialization.jsonObject(with: Data(listed.utf8))) as? [[String: Any]] ?? []
        #expect(rows.filter { $0["name"] as? String == "New Perk" }.count == 1, "\(listed)")
        #expect(try phone.benefits() == laptop.benefits())
    }

    @Test func aWalletSentToCardShowProsAddressIsRefusedNamingBothVersionsAndTheWalletsAddress() async throws {
        let setup = try await Setup()
        let lost = Wallet(setup, "lost-wallet", token: Setup.aliceLaptop, server: setup.server.base.absoluteString)
        try lost.run(["add", "--template", "Gold Card", "--nickname", "Dining"])
        let output = try lost.tool.run(["--store", lost.store, "sync", "--server", lost.server])
        #expect(output.status != 0)
        #expect(output.stderr.contains("2.0.0") && output.stderr.contains("7.0.0"), "\(output.stderr)")
        #expect(output.stderr.contains("This address syncs CardShow Pro stores (schema version 7.0.0); schema version 2.0.0 is CouponTracker's: "
                                       + "give the server's address followed by /coupontracker."),
                "\(output.stderr)")
    }

    @Test func aFirstSyncAtCardShowProsAddressIsRefusedAtSignInBeforeAStoreIsMade() async throws {
        let setup = try await Setup()
        let fresh = Wallet(setup, "fresh-wallet", token: Setup.aliceLaptop, server: setup.server.base.absoluteString)
        let output = try fresh.tool.run(["--store", fresh.store, "sync", "--server", fresh.server])
        #expect(output.status != 0)
        #expect(output.stderr.contains("This address syncs CardShow Pro stores (schema version 7.0.0); schema version 2.0.0 is CouponTracker's"),
                "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh.store))
    }

    @Test func aCouponTrackerWalletGivenToCardshowIsRefusedAsAnotherAppsStoreNotAsANewerVersion() throws {
        let folder = try ServerFolder()
        let wallet = folder.url.appendingPathComponent("wallet.store").path
        #expect(try ToolProcess("coupontracker").run(["--store", wallet, "demo"]).status == 0)
        // Both apps' schemas hold the sync client's notes; those alone make no store CardShow Pro's.
        let output = try ToolProcess("cardshow").run(["card", "list", "--store", wallet])
        #expect(output.status != 0)
        #expect(output.stderr.contains("is not a CardShow Pro store: it holds another program's data, or another app's"), "\(output.stderr)")
    }

    @Test func aCardShowStoreGivenToCoupontrackerIsRefusedAsAnotherAppsStoreNotAsANewerVersion() throws {
        let folder = try ServerFolder()
        let store = folder.url.appendingPathComponent("cards.store").path
        #expect(try ToolProcess("cardshow").run(["contact", "add", "--name", "Ann", "--store", store]).status == 0)
        let output = try ToolProcess("coupontracker").run(["--store", store, "cards"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("it holds another program's data, or another app's"), "\(output.stderr)")
        #expect(!output.stderr.contains("newer version"), "\(output.stderr)")
    }
}

/// `coupontracker sync` downloading a card that breaks one of CouponTracker's rules (a
/// custom card without a name, from a client of the account's that keeps no rules): applied
/// and named, where every later sync of the wallet was refused.
@Suite struct CouponTrackerSyncRuleBreakTests {
    typealias Setup = SyncServerSetup
    typealias Wallet = CouponTrackerSyncTests.Wallet

    /// Costco, a custom card, on a laptop and a phone, synced; then a client of the account's
    /// that keeps no rules uploads it without a name, which the phone has not downloaded yet.
    static func costcoLeftWithoutAName(_ setup: Setup) async throws -> (laptop: Wallet, phone: Wallet) {
        let laptop = Wallet(setup, "laptop-wallet", token: Setup.aliceLaptop)
        let phone = Wallet(setup, "phone-wallet", token: Setup.alicePhone)
        try laptop.run(["add", "--custom", "Costco"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let container = try CouponTrackerStore.container(at: URL(fileURLWithPath: phone.store))
        let version = CouponTrackerStore.schema.version.description
        try await setup.uploadUnchecked(["customName": .null], toTheFirst: "UserCard", in: container, schemaVersion: version, below: "coupontracker")
        return (laptop, phone)
    }

    @Test func aCustomCardAnotherClientLeftWithoutANameIsSyncedAndNamed() async throws {
        let setup = try await Setup()
        let (laptop, phone) = try await Self.costcoLeftWithoutAName(setup)

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("breaks a rule: A custom card needs a name: give one with --custom NAME.\nIt is kept as synced; "
                                       + "name it with `coupontracker rename "), "\(synced.stderr)")
        try laptop.run(["add", "--template", "Gold Card", "--nickname", "Dining"])
        _ = try laptop.sync()
        _ = try phone.sync()
        #expect(try phone.benefits().contains { $0.hasPrefix("Dining · ") })
    }

    /// A custom card another client left without a name: the note said to mend it "on the
    /// device that saved it", which no coupontracker command could (none named a card once it
    /// was added), and the rule refused every change of the card (a benefit added to it).
    @Test func aCustomCardAnotherClientLeftWithoutANameIsNamedByRenameAsItsNoteSays() async throws {
        let setup = try await Setup()
        let (_, phone) = try await Self.costcoLeftWithoutAName(setup)

        let synced = try phone.run(["sync", "--server", phone.server])
        let id = try #require(synced.stderr.firstMatch(of: /rename ([0-9a-f]{8}) --name NAME`\./)?.1, "\(synced.stderr)")
        try phone.run(["rename", String(id), "--name", "Costco"])
        try phone.run(["add-benefit", "--card", "Costco", "--name", "Rebate", "--value", "10", "--frequency", "monthly"])
        #expect(try phone.benefits().contains { $0.hasPrefix("Costco · Rebate") })
    }

    /// A benefit another client gave reminder days of 99: the note said to mend it "on the
    /// device that saved it", which no coupontracker command can, and once its period ended
    /// the rule refused every `reset` of the wallet, every other benefit's period with it.
    @Test func aBenefitAnotherClientGaveReminderDaysOutsideTheRangeIsPutRightByResetAsItsNoteSays() async throws {
        let setup = try await Setup()
        let (_, phone) = try CouponTrackerSyncTests.goldCardOnBothWallets(setup)

        let container = try CouponTrackerStore.container(at: URL(fileURLWithPath: phone.store))
        let version = CouponTrackerStore.schema.version.description
        try await setup.uploadUnchecked(["reminderDaysBefore": .integer(99)], toTheFirst: "Benefit", in: container, schemaVersion: version,
                                        below: "coupontracker")

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("breaks a rule: Reminder days must be between 0 and 30.\nIt is kept as synced; "
                                       + "put it right with `coupontracker reset`."), "\(synced.stderr)")
        let reset = try phone.run(["reset"], now: "2027-01-02")
        #expect(reset.stdout.contains("Put the reminder days of 1 benefit, which another program stored outside 0 to 30, back to the "
                                      + "wallet's default for new benefits (7 days before a period's end)."), "\(reset.stdout)")
        let rows = try phone.run(["benefits", "--json"], now: "2027-01-02")
        let days = ((try? JSONSerialization.jsonObject(with: Data(rows.stdout.utf8))) as? [[String: Any]] ?? []).map { $0["reminderDaysBefore"] as? Int }
        #expect(Set(days) == [7], "\(rows.stdout)")
    }
}
