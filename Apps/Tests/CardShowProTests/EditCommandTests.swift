import Foundation
import Testing

/// The edits of fields no figure depends on, and deleting an event planned by mistake.
@Suite("cardshow edits")
struct EditCommandTests {
    let home: TemporaryDirectory
    let cli: CardShowProcess

    init() throws {
        home = try TemporaryDirectory()
        cli = CardShowProcess(dataHome: home.url)
    }

    func json(_ output: CardShowProcess.Output) throws -> [String: Any] {
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    func id(_ output: CardShowProcess.Output) throws -> String {
        try #require(try json(output)["id"] as? String)
    }

    @Test func contactEditChangesOnlyTheFieldsGiven() throws {
        let contact = try id(try cli.run(["contact", "add", "--name", "Ash", "--phone", "555-0151", "--json"]))
        let edited = try json(try cli.run(["contact", "edit", contact, "--email", "ash@example.com", "--json"]))
        #expect(edited["email"] as? String == "ash@example.com")
        #expect(edited["phone"] as? String == "555-0151")
    }

    @Test func saleEditChangesTheBuyerAndKeepsTheAmounts() throws {
        let card = try id(try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--json"]))
        let sale = try id(try cli.run(["sale", "record", "--card", card, "--price", "40", "--json"]))
        let edited = try json(try cli.run(["sale", "edit", sale, "--buyer", "Misty", "--json"]))
        #expect(edited["buyerName"] as? String == "Misty")
        #expect(edited["salePrice"] as? Double == 40)
    }

    /// A card acquired on 2026-03-01, sent for grading.
    func submission() throws -> (card: String, submission: String) {
        let card = try id(try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--acquired", "2026-03-01", "--json"]))
        return (card, try id(try cli.run(["grading", "submit", "--company", "psa", "--cost", "5", "--card", card, "--json"])))
    }

    @Test func gradingEditRefusesAnExpectedReturnBeforeTheDaySent() throws {
        let (_, submission) = try submission()
        let refused = try cli.run(["grading", "edit", submission, "--submitted", "2026-03-10", "--expected", "2026-03-09"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Cards can't be expected back from grading before the day they were submitted: give an expected day on or after it."), "\(refused.stderr)")
    }

    @Test func gradingEditOfAnExpectedDayBeforeTheDaySentNamesNoMendForASubmissionKeepingTheRules() throws {
        let (_, submission) = try submission()
        let refused = try cli.run(["grading", "edit", submission, "--expected", "2026-03-09"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("give an expected day on or after it."), "\(refused.stderr)")
        #expect(!refused.stderr.contains("run this again"), "\(refused.stderr)")
    }

    @Test func gradingEditRefusesADaySentBeforeItsCardWasAcquired() throws {
        let (_, submission) = try submission()
        let refused = try cli.run(["grading", "edit", submission, "--submitted", "2026-02-28"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("A #1 would be sent for grading before it was acquired"), "\(refused.stderr)")
    }

    @Test func gradingEditTakesAnExpectedReturnOnTheDaySent() throws {
        let (_, submission) = try submission()
        let edited = try json(try cli.run(["grading", "edit", submission, "--submitted", "2026-03-10", "--expected", "2026-03-10", "--json"]))
        #expect(edited["expectedReturnDate"] != nil, "\(edited)")
    }

    @Test func eventDeleteRefusesAnEventWithSales() throws {
        let card = try id(try cli.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--json"]))
        let event = try id(try cli.run(["event", "start", "--name", "Show", "--location", "Phoenix", "--json"]))
        #expect(try cli.run(["sale", "record", "--card", card, "--price", "40"]).status == 0)
        #expect(try cli.run(["event", "end"]).status == 0)
        let refused = try cli.run(["event", "delete", event])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("has 1 sale and 0 trades"))
    }

    @Test func eventDeleteRemovesAPlannedEvent() throws {
        let event = try json(try cli.run(["event", "create", "--name", "Oops", "--location", "Nowhere", "--json"]))
        let id = try #require(event["id"] as? String)
        let deleted = try cli.run(["event", "delete", id])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try cli.run(["event", "list"]).stdout.contains("No events."))
    }
}
