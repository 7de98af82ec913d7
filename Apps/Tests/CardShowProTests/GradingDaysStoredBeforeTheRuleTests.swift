import Foundation
import Testing

/// Submissions a store made before the rules of their days holds (expected back before the
/// day sent, sent before their cards were acquired): every change is refused by the rule, and
/// the refusal names the edit that mends the submission on a line of its own.
@Suite("A grading submission stored breaking the rules of its days")
struct GradingDaysStoredBeforeTheRuleTests: HandEditedStoreSuite {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// A card acquired on 2026-03-01 sent for grading; returns the submission's short ID.
    func submission() throws -> String {
        let card = try tool.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--acquired", "2026-03-01",
                                 "--store", store, "--json"])
        let cardID = try #require((try JSONSerialization.jsonObject(with: Data(card.stdout.utf8)) as? [String: Any])?["id"] as? String)
        let sent = try tool.run(["grading", "submit", "--company", "psa", "--cost", "5", "--card", cardID, "--store", store, "--json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])?["id"] as? String)
        return String(id.prefix(8))
    }

    @Test func anAdvanceOfOneExpectedBackBeforeItWasSentNamesTheExpectedOptionThatMendsIt() throws {
        let id = try submission()
        try setInStore("UPDATE GradingSubmission SET expectedReturnDate = submissionDate - 60 * 86400")
        let advanced = try tool.run(["grading", "advance", id, "--to", "received", "--store", store])
        #expect(advanced.status == 1)
        #expect(advanced.stderr.contains("Nothing was changed.\nMend it with `cardshow grading edit \(id) --expected DATE`, then run this again."),
                "\(advanced.stderr)")
    }

    @Test func aDaySentGivenAloneToOneSentAndExpectedBeforeItsCardsNamesBothOptionsThatMendItTogether() throws {
        let id = try submission()
        try setInStore("UPDATE GradingSubmission SET submissionDate = (SELECT acquiredDate FROM InventoryCard) - 30 * 86400, "
                       + "expectedReturnDate = (SELECT acquiredDate FROM InventoryCard) - 20 * 86400")
        let edited = try tool.run(["grading", "edit", id, "--submitted", "2026-03-02", "--store", store])
        #expect(edited.status == 1)
        #expect(edited.stderr.contains("\nGive it the day it was sent and the day it is expected back at once with "
                                       + "`cardshow grading edit \(id) --submitted DATE --expected DATE`"), "\(edited.stderr)")
        let mended = try tool.run(["grading", "edit", id, "--submitted", "2026-03-02", "--expected", "2026-04-01", "--store", store])
        #expect(mended.status == 0, "\(mended.stderr)")
    }
}
