import CardShowPro
import CommandLineTestSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataSync
import Testing

/// `cardshow sync` downloading a record that breaks one of CardShow Pro's rules (a value
/// another client with a device's token uploaded): the sync applies it, names the record,
/// the rule and the command that mends it, and later syncs go on, where the download was
/// refused at every sync, for good, in the rule's words alone.
@Suite struct SyncRuleBreakTests {
    typealias Setup = SyncServerSetup
    typealias Device = TwoDeviceSyncTests.Device

    /// Uploads, as a client of alice's that keeps no rules, a market value below zero for
    /// the card with inventory ID `card`, as the phone's store knows it.
    static func uploadNegativeMarketValue(of card: String, known phone: Device, _ setup: Setup) async throws {
        let container = try CardShowStore.container(at: URL(fileURLWithPath: phone.store))
        let states = try await setup.syncedState(of: container, schemaVersion: Setup.schemaVersion)
        let id = try #require(UUID(uuidString: card))
        let stored = SyncValue.bytes(withUnsafeBytes(of: id.uuid) { Data($0) })
        let state = try #require(states.first { $0.entityName == "InventoryCard" && $0.values["id"] == stored }, "\(states)")
        try await setup.uploadUnchecked(["marketValue": .real(-5)], of: "InventoryCard", state.syncID, schemaVersion: Setup.schemaVersion)
    }

    @Test func aCardAnotherClientGaveANegativeValueIsSyncedAndNamedWithTheCommandThatMendsIt() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        try await Self.uploadNegativeMarketValue(of: card, known: phone, setup)
        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("Note: Charizard #4/102 (\(card.prefix(8))), as this sync brought it from another device, "
                                       + "breaks a rule: A card's market value can't be negative.\nIt is kept as synced; "
                                       + "mend it with `cardshow card update \(card.prefix(8)) --value DOLLARS`."), "\(synced.stderr)")
        #expect(try phone.cards()[card] == "Charizard -5")
    }

    @Test func syncsAfterACardBreakingARuleGoOn() async throws {
        let setup = try await Setup()
        let (laptop, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        try await Self.uploadNegativeMarketValue(of: card, known: phone, setup)
        _ = try phone.sync()
        try laptop.run(["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8", "--value", "40"])
        _ = try laptop.sync()
        let second = try phone.sync()
        #expect(second["downloaded"] as? Int == 1, "\(second)")
        #expect(try phone.cards().values.sorted() == ["Charizard -5", "Mew 40"])
    }

    @Test func theSyncsJSONListsTheRuleBreaks() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        try await Self.uploadNegativeMarketValue(of: card, known: phone, setup)
        let report = try phone.sync()
        let breaks = report["ruleBreaks"] as? [[String: Any]] ?? []
        #expect(breaks.map { $0["record"] as? String } == ["Charizard #4/102 (\(card.prefix(8)))"], "\(report)")
        #expect(breaks.map { $0["rule"] as? String } == ["A card's market value can't be negative."])
        #expect(breaks.map { $0["broughtByEarlierSync"] as? Bool } == [false])
    }

    /// A sync stopped after it saved its download and before it printed its notes showed
    /// the card's rule break never: the next sync downloaded nothing and said nothing.
    @Test func aCardBreakingARuleIsNotedByEveryLaterSyncUntilItIsMended() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        try await Self.uploadNegativeMarketValue(of: card, known: phone, setup)
        _ = try phone.run(["sync", "--server", phone.server])
        let again = try phone.run(["sync", "--server", phone.server])
        #expect(again.stderr.contains("Note: Charizard #4/102 (\(card.prefix(8))), as an earlier sync brought it from another device, "
                                      + "still breaks a rule: A card's market value can't be negative.\nIt is kept as synced; "
                                      + "mend it with `cardshow card update \(card.prefix(8)) --value DOLLARS`."), "\(again.stderr)")
        try phone.run(["card", "update", card, "--value", "360"])
        let mended = try phone.run(["sync", "--server", phone.server])
        #expect(!mended.stderr.contains("breaks a rule"), "\(mended.stderr)")
    }

    @Test func aCardMendedAfterARuleBreakSyncsItsMendToTheOtherDevices() async throws {
        let setup = try await Setup()
        let (laptop, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        try await Self.uploadNegativeMarketValue(of: card, known: phone, setup)
        _ = try phone.sync()
        try phone.run(["card", "update", card, "--value", "360"])
        _ = try phone.sync()
        _ = try laptop.sync()
        #expect(try laptop.cards()[card] == "Charizard 360")
    }

    /// Charizard sent for grading on the laptop, synced to the phone; returns the phone, the
    /// submission's ID and the phone's container.
    static func gradingSubmissionOnBothDevices(_ setup: Setup) throws -> (phone: Device, id: String, container: ModelContainer) {
        let (laptop, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        let submitted = try laptop.run(["grading", "submit", "--company", "psa", "--cost", "40", "--card", card, "--json"])
        let id = try #require(((try? JSONSerialization.jsonObject(with: Data(submitted.stdout.utf8))) as? [String: Any])?["id"] as? String)
        _ = try laptop.sync()
        _ = try phone.sync()
        return (phone, id, try CardShowStore.container(at: URL(fileURLWithPath: phone.store)))
    }

    /// A client gave a grading submission a cost below zero: the note said to mend it "on the
    /// device that saved it", which no command could (every `advance` and `return` of it was
    /// refused by the rule, for good); `grading edit` mends it, as the note now says.
    @Test func aGradingSubmissionAnotherClientGaveANegativeCostIsMendedByGradingEditAsItsNoteSays() async throws {
        let setup = try await Setup()
        let (phone, id, container) = try Self.gradingSubmissionOnBothDevices(setup)
        try await setup.uploadUnchecked(["totalCost": .real(-1)], toTheFirst: "GradingSubmission", in: container, schemaVersion: Setup.schemaVersion)

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("Note: the grading submission \(id.prefix(8)), as this sync brought it from another device, breaks a "
                                       + "rule: A grading submission's cost can't be negative.\nIt is kept as synced; "
                                       + "mend it with `cardshow grading edit \(id.prefix(8))`."), "\(synced.stderr)")
        try phone.run(["grading", "edit", String(id.prefix(8)), "--cost", "40"])
        let advanced = try phone.run(["grading", "advance", String(id.prefix(8)), "--to", "shipped"])
        #expect(advanced.stdout == "Submission \(id.prefix(8)) is now shipped back.\n", "\(advanced.stdout)")
    }

    /// A client gave a grading submission an expected return a week before the day it was
    /// sent: the note names the option of `grading edit` that mends it.
    @Test func aGradingSubmissionExpectedBackBeforeItWasSentIsNamedWithTheExpectedOptionThatMendsIt() async throws {
        let setup = try await Setup()
        let (phone, id, container) = try Self.gradingSubmissionOnBothDevices(setup)
        let weekAgo = Date().timeIntervalSinceReferenceDate - 7 * 86_400
        try await setup.uploadUnchecked(["expectedReturnDate": .real(weekAgo)], toTheFirst: "GradingSubmission", in: container,
                                        schemaVersion: Setup.schemaVersion)

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("breaks a rule: Cards can't be expected back from grading before the day they were submitted: give an expected day on or after it.\n"
                                       + "It is kept as synced; mend it with `cardshow grading edit \(id.prefix(8)) --expected DATE`."),
                "\(synced.stderr)")
    }

    /// Charizard sent for grading today on both devices; another device (a client keeping no
    /// rules, for one that had not synced the submission) gives it the day acquired tomorrow,
    /// and the phone syncs. Returns the phone, the submission's ID and the sync's output.
    static func cardAcquiredAfterItsSubmissionElsewhere(_ setup: Setup) async throws -> (phone: Device, id: String, synced: ToolProcess.Output) {
        let (phone, id, container) = try Self.gradingSubmissionOnBothDevices(setup)
        let tomorrow = (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + 86_400 - Date.timeIntervalBetween1970AndReferenceDate
        try await setup.uploadUnchecked(["acquiredDate": .real(tomorrow)], toTheFirst: "InventoryCard", in: container, schemaVersion: Setup.schemaVersion)
        return (phone, id, try phone.run(["sync", "--server", phone.server]))
    }

    /// Another device moved the day a card was acquired past the day its grading submission was
    /// sent (it had not synced the submission): the download changed the card alone, whose own
    /// rules it keeps, so the submission broke its rule unnoted, and every `grading advance` of
    /// it was then refused.
    @Test func aCardAnotherDeviceAcquiredAfterItsSubmissionWasSentNamesTheSubmissionAtSync() async throws {
        let setup = try await Setup()
        let (_, id, synced) = try await Self.cardAcquiredAfterItsSubmissionElsewhere(setup)
        #expect(synced.stderr.contains("Note: the grading submission \(id.prefix(8)), as this sync brought it from another device, breaks a rule: "
                                       + "Charizard"), "\(synced.stderr)")
        #expect(synced.stderr.contains("cardshow grading edit \(id.prefix(8))"), "\(synced.stderr)")
    }

    /// The mend of a submission sent before its card was acquired named `card update ID`,
    /// leaving the user to find which card; it names the card acquired after the day sent.
    @Test func aSubmissionSentBeforeItsCardWasAcquiredNamesThatCardsIDInItsMend() async throws {
        let setup = try await Setup()
        let (phone, _, synced) = try await Self.cardAcquiredAfterItsSubmissionElsewhere(setup)
        let listed = try phone.run(["card", "list", "--json"])
        let cards = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]]
        let card = try #require(cards?.first?["id"] as? String, "\(listed.stdout)")
        #expect(synced.stderr.contains("its card the day it was acquired with `cardshow card update \(card.prefix(8)) --acquired DATE`"), "\(synced.stderr)")
    }

    /// A client left an event ending a day before it started: the note said to mend it with
    /// `event edit`, which the rule refused, no command changing an event's times.
    @Test func anEventAnotherClientLeftEndingBeforeItStartsIsMendedByEventEditAsItsNoteSays() async throws {
        let setup = try await Setup()
        let (laptop, phone, _) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        try laptop.run(["event", "start", "--name", "Spring Show", "--location", "Phoenix"])
        try laptop.run(["event", "end"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let container = try CardShowStore.container(at: URL(fileURLWithPath: phone.store))
        let states = try await setup.syncedState(of: container, schemaVersion: Setup.schemaVersion)
        let event = try #require(states.first { $0.entityName == "Event" }, "\(states)")
        let now = Date().timeIntervalSinceReferenceDate
        try await setup.uploadUnchecked(["startTime": .real(now), "endTime": .real(now - 86_400)], of: "Event", event.syncID,
                                        schemaVersion: Setup.schemaVersion)

        let synced = try phone.run(["sync", "--server", phone.server])
        let listed = try phone.run(["event", "list", "--json"])
        let id = try #require(((try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]])?.first?["id"] as? String)
        #expect(synced.stderr.contains("breaks a rule: An event can't end before it starts.\nIt is kept as synced; mend it with "
                                       + "`cardshow event edit \(id.prefix(8)) --started TIME --ended TIME`."), "\(synced.stderr)")
        try phone.run(["event", "edit", String(id.prefix(8)), "--started", "2026-03-14T09:00", "--ended", "2026-03-14T17:30"])
        try phone.run(["event", "edit", String(id.prefix(8)), "--name", "Spring Show 2026"])
    }

    /// A client gave an ungraded card a grading company CardShow Pro does not know: the only
    /// mend `card update` had, `--graded-by`, made the card graded, which it is not.
    @Test func aCardAnotherClientGaveAnUnknownGradingCompanyIsMadeUngradedByClearGrading() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        let container = try CardShowStore.container(at: URL(fileURLWithPath: phone.store))
        try await setup.uploadUnchecked(["gradingCompany": .text("XYZ")], toTheFirst: "InventoryCard", in: container, schemaVersion: Setup.schemaVersion)

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("breaks a rule: A card that isn't graded holds the grading company \"XYZ\""), "\(synced.stderr)")
        try phone.run(["card", "update", card, "--clear-grading"])
        let shown = try phone.run(["card", "show", card, "--json"])
        let view = ((try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))) as? [String: Any])?["card"] as? [String: Any] ?? [:]
        #expect(view["isGraded"] as? Bool == false && view["gradingCompany"] == nil, "\(shown.stdout)")
        try phone.run(["card", "update", card, "--value", "360"])
    }

    /// The note named `cardshow card update` alone: the rule's "use one of PSA, …" led to
    /// `--graded-by`, which made the ungraded card graded.
    @Test func aCardAnotherClientGaveAnUnknownGradingCompanyIsNamedWithClearGradingByItsNote() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        let container = try CardShowStore.container(at: URL(fileURLWithPath: phone.store))
        try await setup.uploadUnchecked(["gradingCompany": .text("XYZ")], toTheFirst: "InventoryCard", in: container, schemaVersion: Setup.schemaVersion)

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("It is kept as synced; mend it with `cardshow card update \(card.prefix(8)) --clear-grading`."),
                "\(synced.stderr)")
    }

    /// The note began with the rule's "use one of PSA, BGS, CGC, SGC", which leads to
    /// `--graded-by` (grading the card), before naming `--clear-grading`, which mends it.
    @Test func aCardAnotherClientGaveAnUnknownGradingCompanyIsNotedWithoutAdvisingACompany() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        let container = try CardShowStore.container(at: URL(fileURLWithPath: phone.store))
        try await setup.uploadUnchecked(["gradingCompany": .text("XYZ")], toTheFirst: "InventoryCard", in: container, schemaVersion: Setup.schemaVersion)

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(!synced.stderr.contains("use one of"), "\(synced.stderr)")
        #expect(synced.stderr.contains("breaks a rule: A card that isn't graded holds the grading company \"XYZ\", which CardShow Pro "
                                       + "doesn't know.\nIt is kept as synced; mend it with `cardshow card update \(card.prefix(8)) --clear-grading`."),
                "\(synced.stderr)")
    }

    /// A client gave a sale a price below zero: the note said to mend it with `sale edit`,
    /// which changes only a sale's platform, buyer and notes, and which the rule refused.
    @Test func aSaleAnotherClientGaveANegativePriceIsNamedWithTheVoidThatMendsIt() async throws {
        let setup = try await Setup()
        let (laptop, phone, card) = try TwoDeviceSyncTests.charizardOnBothDevices(setup)
        try laptop.run(["sale", "record", "--card", card, "--price", "300"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let sale = try #require(try phone.saleIDs().first)
        let container = try CardShowStore.container(at: URL(fileURLWithPath: phone.store))
        try await setup.uploadUnchecked(["salePrice": .real(-1)], toTheFirst: "SalesHistory", in: container, schemaVersion: Setup.schemaVersion)

        let synced = try phone.run(["sync", "--server", phone.server])
        #expect(synced.stderr.contains("breaks a rule: A sale price can't be negative.\nIt is kept as synced; void it with "
                                       + "`cardshow sale void \(sale.prefix(8))` and record it again."), "\(synced.stderr)")
        try phone.run(["sale", "void", String(sale.prefix(8))])
    }

    /// Each device voided a different one of the card's two sales, and a client gave it a
    /// negative value: putting it back in stock is refused by the rule until it is mended.
    @Test func aCheckAfterTheSyncThatARuleBreakRefusesWaitsForTheMendAndTheNextSync() async throws {
        let setup = try await Setup()
        let (_, phone, card) = try TwoDeviceSyncTests.charizardWithEachSaleVoidedOnOneDevice(setup)
        try await Self.uploadNegativeMarketValue(of: card, known: phone, setup)
        let refused = try phone.run(["sync", "--server", phone.server])
        #expect(refused.stderr.contains("Note: a check after this sync could not save: A card's market value can't be negative.\n"
                                        + "Mend the record (a note above names each one a sync brought breaking a rule), then sync again: "
                                        + "the check is made then."), "\(refused.stderr)")
        try phone.run(["card", "update", card, "--value", "360"])
        let checked = try phone.run(["sync", "--server", phone.server])
        #expect(checked.stderr.contains("Note: Charizard #4/102 (\(card.prefix(8))) is back in stock"), "\(checked.stderr)")
    }

    /// An event two devices sold at before they synced, whose name a client blanked: the
    /// recount after the sync is refused by the rule. Once the name is mended, the next sync,
    /// downloading nothing, makes it: the list of checks to make is kept until all are made.
    @Test func aRecountARuleBreakRefusedIsMadeByTheNextSyncAfterTheMendThoughItDownloadsNothing() async throws {
        let setup = try await Setup()
        let (laptop, phone, charizard, blastoise) = try TwoDeviceSyncTests.runningEventOnBothDevices(setup)
        try laptop.run(["sale", "record", "--card", charizard, "--price", "100"])
        try phone.run(["sale", "record", "--card", blastoise, "--price", "50"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let container = try CardShowStore.container(at: URL(fileURLWithPath: laptop.store))
        try await setup.uploadUnchecked(["name": .text("")], toTheFirst: "Event", in: container, schemaVersion: Setup.schemaVersion)
        let refused = try laptop.run(["sync", "--server", laptop.server])
        #expect(refused.stderr.contains("Note: a check after this sync could not save: An event needs a name."), "\(refused.stderr)")

        let listed = try laptop.run(["event", "list", "--json"])
        let id = try #require(((try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]])?.first?["id"] as? String)
        try laptop.run(["event", "edit", id, "--name", "Spring Show"])
        let idle = try laptop.sync()
        #expect(idle["downloaded"] as? Int == 0, "\(idle)")
        let report = try laptop.run(["event", "report", "--json"])
        let totals = (try? JSONSerialization.jsonObject(with: Data(report.stdout.utf8))) as? [String: Any] ?? [:]
        #expect((totals["totalRevenue"] as? NSNumber)?.doubleValue == 150, "\(report.stdout)")
    }
}
