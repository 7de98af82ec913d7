import Foundation
import Testing

/// A card's day acquired moved after the day a grading submission holding it was sent: the
/// submission's rule runs only when the submission changes, so `card update --acquired` and
/// an import took it, and every later change of the submission was refused by that rule.
@Suite("A card's day acquired after the day it was sent for grading")
struct AcquiredAfterSentTests: HandEditedStoreSuite {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// A card acquired on 2026-03-01, sent for grading on 2026-04-01; returns the card's and the submission's short IDs.
    func cardSentOnTheFirstOfApril() throws -> (card: String, submission: String) {
        let card = try tool.run(["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8", "--acquired", "2026-03-01",
                                 "--store", store, "--json"])
        let cardID = try #require((try JSONSerialization.jsonObject(with: Data(card.stdout.utf8)) as? [String: Any])?["id"] as? String)
        let sent = try tool.run(["grading", "submit", "--company", "psa", "--cost", "5", "--card", cardID, "--store", store, "--json"])
        let id = String(try #require((try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])?["id"] as? String).prefix(8))
        try tool.run(["grading", "edit", id, "--submitted", "2026-04-01", "--expected", "2026-05-01", "--store", store])
        return (String(cardID.prefix(8)), id)
    }

    @Test func aDayAcquiredAfterTheDayTheCardWasSentForGradingIsRefusedNamingTheSubmission() throws {
        let (card, submission) = try cardSentOnTheFirstOfApril()
        let updated = try tool.run(["card", "update", card, "--acquired", "2026-04-15", "--store", store])
        #expect(updated.status == 1)
        #expect(updated.stderr.contains("Mew #8 can't be acquired after 2026-04-01, the day it was sent for grading (submission "
                                        + "\(submission)). Nothing was changed.\nGive a day on or before 2026-04-01, or give the "
                                        + "submission the day it was sent with `cardshow grading edit \(submission) --submitted DATE`."),
                "\(updated.stderr)")
        // Nothing was saved: the submission moves on, as it did before the refused day.
        let advanced = try tool.run(["grading", "advance", submission, "--to", "received", "--store", store])
        #expect(advanced.status == 0, "\(advanced.stderr)")
        let onTheDay = try tool.run(["card", "update", card, "--acquired", "2026-04-01", "--store", store])
        #expect(onTheDay.status == 0, "\(onTheDay.stderr)")
    }

    @Test func anImportMovingACardsDayAcquiredAfterTheDayItWasSentImportsNothing() throws {
        let (card, submission) = try cardSentOnTheFirstOfApril()
        let exported = try tool.run(["export", "--format", "json", "--store", store])
        let file = directory.file("moved.json")
        try exported.stdout.replacingOccurrences(of: "2026-03-01T00:00:00Z", with: "2026-04-15T00:00:00Z").write(to: file, atomically: true, encoding: .utf8)
        let imported = try tool.run(["import", file.path, "--store", store])
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("can't be acquired after 2026-04-01, the day it was sent for grading (submission \(submission))"),
                "\(imported.stderr)")
        let shown = try tool.run(["card", "show", card, "--store", store])
        #expect(shown.stdout.contains("Acquired:   2026-03-01"), "\(shown.stdout)")
    }

    @Test func aCardStoredAcquiredAfterTheDayItWasSentIsStillChangedOtherwise() throws {
        let (card, _) = try cardSentOnTheFirstOfApril()
        try setInStore("UPDATE InventoryCard SET acquiredDate = (SELECT submissionDate FROM GradingSubmission) + 10 * 86400")
        let valued = try tool.run(["card", "update", card, "--value", "60", "--store", store])
        #expect(valued.status == 0, "\(valued.stderr)")
    }
}
