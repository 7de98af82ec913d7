import Foundation
import Testing

/// A card another program (or a client keeping no rules, through sync) stored breaking one
/// of its rules: every other change of it was refused in the rule's words alone, leaving the
/// option that mends it to guess; of a company no one knows on an ungraded card, the rule's
/// "use one of PSA, …" led to `--graded-by`, which made the card graded.
@Suite("A change of a card stored breaking a rule")
struct CardStoredBreakingARuleTests: HandEditedStoreSuite {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Mew in the store, then `change` made to it by another program; returns its short ID.
    func mew(then change: String) throws -> String {
        let added = try tool.run(["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8", "--value", "50", "--json", "--store", store])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
        try setInStore("UPDATE InventoryCard SET \(change)")
        return String(id.prefix(8))
    }

    @Test(arguments: [("gradingCompany = 'XYZ'", ["--clear-grading"], "--clear-grading"),
                      ("marketValue = -5", ["--value", "5"], "--value DOLLARS")])
    func anotherChangeIsRefusedNamingTheOptionThatMendsItOnALineOfItsOwn(change: String, mend: [String], option: String) throws {
        let id = try mew(then: change)
        let renamed = try tool.run(["card", "update", id, "--name", "Mewtwo", "--store", store])
        #expect(renamed.status == 1)
        #expect(renamed.stderr.contains(" Nothing was changed.\nMend it with `cardshow card update \(id) \(option)`, then run this again."),
                "\(renamed.stderr)")
        let mended = try tool.run(["card", "update", id] + mend + ["--store", store])
        #expect(mended.status == 0, "\(mended.stderr)")
        #expect(try tool.run(["card", "update", id, "--name", "Mewtwo", "--store", store]).status == 0)
    }

    /// Three cards brought to an event (sold, traded away) at once, the second stored breaking a
    /// rule: the rule's words alone named none of the three.
    @Test(arguments: [["event", "bring"], ["trade", "record", "--give"], ["sale", "record", "--price", "5", "--card"]])
    func aChangeOfSeveralCardsRefusedByOneStoredBreakingARuleNamesThatCardAndItsMend(command: [String]) throws {
        var ids: [String] = []
        for name in ["Abra", "Bulbasaur", "Charmander"] {
            let added = try tool.run(["card", "add", "--name", name, "--set", "Base", "--number", "1", "--value", "5", "--json", "--store", store])
            ids.append(String(try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String).prefix(8)))
        }
        try setInStore("UPDATE InventoryCard SET marketValue = -5 WHERE name = 'Bulbasaur'")
        try tool.run(["event", "start", "--name", "Show", "--location", "Hall", "--store", store])
        // `sale record` sells one card: Bulbasaur's; the others give each card in turn.
        let cards = command.last == "--card" ? [ids[1]] : ids
        let arguments = command.last == "bring" ? command + cards : command + cards.flatMap { [$0, command.last ?? ""] }.dropLast()
        let refused = try tool.run(Array(arguments) + ["--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Bulbasaur #1 (\(ids[1])), as it is stored, breaks a rule: A card's market value can't be negative. "
                                        + "Nothing was changed.\nMend it with `cardshow card update \(ids[1]) --value DOLLARS`, then run this again."),
                "\(refused.stderr)")
    }

    /// The ID of the record `arguments` print as JSON, shortened.
    func recorded(_ arguments: [String]) throws -> String {
        let made = try tool.run(arguments + ["--json", "--store", store])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])?["id"] as? String, "\(made.stderr)")
        return String(id.prefix(8))
    }

    /// A sale voided (a trade voided, a submission returned) whose card was then stored with a
    /// market value of −5: the rule's words alone named no card and no mend.
    @Test(arguments: ["sale void", "trade void", "grading return"])
    func undoingOrReturningACardStoredBreakingARuleNamesThatCardAndItsMend(command: String) throws {
        let id = try recorded(["card", "add", "--name", "Bulbasaur", "--set", "Base", "--number", "1", "--value", "5"])
        let arguments: [String]
        switch command {
        case "sale void": arguments = ["sale", "void", try recorded(["sale", "record", "--price", "5", "--no-event", "--card", id])]
        case "trade void":
            arguments = ["trade", "void", try recorded(["trade", "record", "--no-event", "--give", id, "--receive", "Blastoise|Base|2/102|150"])]
        default:
            arguments = ["grading", "return", try recorded(["grading", "submit", "--company", "psa", "--cost", "5", "--card", id]), "--grade", "\(id)=9"]
        }
        try setInStore("UPDATE InventoryCard SET marketValue = -5 WHERE name = 'Bulbasaur'")
        let refused = try tool.run(arguments + ["--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Bulbasaur #1 (\(id)), as it is stored, breaks a rule: A card's market value can't be negative. "
                                        + "Nothing was changed.\nMend it with `cardshow card update \(id) --value DOLLARS`, then run this again."),
                "\(refused.stderr)")
        try tool.run(["card", "update", id, "--value", "5", "--store", store])
        #expect(try tool.run(arguments + ["--store", store]).status == 0)
    }

    /// A company no one knows stored on an ungraded card: the refusal began with the rule's
    /// "use one of PSA, BGS, CGC, SGC", which leads to `--graded-by` (grading the card), before
    /// the line naming `--clear-grading`.
    @Test(arguments: [["card", "update", "--name", "Mewtwo"], ["sale", "record", "--price", "5", "--no-event", "--card"],
                      ["trade", "record", "--no-event", "--give"]])
    func aCardStoredWithACompanyNoOneKnowsIsRefusedWithoutAdvisingACompany(command: [String]) throws {
        let id = try mew(then: "gradingCompany = 'XYZ'")
        let arguments = command[0] == "card" ? ["card", "update", id] + command.dropFirst(2) : command + [id]
        let refused = try tool.run(arguments + ["--store", store])
        #expect(refused.status == 1)
        #expect(!refused.stderr.contains("use one of"), "\(refused.stderr)")
        #expect(refused.stderr.contains("A card that isn't graded holds the grading company \"XYZ\", which CardShow Pro doesn't know. "
                                        + "Nothing was changed.\nMend it with `cardshow card update \(id) --clear-grading`, then run this again."),
                "\(refused.stderr)")
    }
}
