import CommandLineTestSupport
import Foundation
import Testing

/// Bad command lines, as a dealer mistypes them or a script gets them wrong: each is
/// refused with a message in a dealer's words and a non-zero exit, and the store is
/// byte-identical afterwards.
@Suite("cardshow refuses bad command lines")
struct BadInputTests {
    static let unknownCommands = [
        BadInput("an unknown command", ["frobnicate"], says: "\"frobnicate\" is not a cardshow command"),
        BadInput("an unknown subcommand", ["card", "frobnicate"], says: "frobnicate"),
        BadInput("an unknown option", ["card", "list", "--colour", "red"], says: "--colour"),
    ]

    static let missingArguments = [
        BadInput("card add without a name", ["card", "add", "--set", "Jungle", "--number", "1"], says: "--name"),
        BadInput("sale record without a price", ["sale", "record", "--card", "{card}"], says: "--price"),
        BadInput("an option without its value", ["card", "add", "--name", "X", "--set", "Y", "--number", "1", "--value"],
                 says: "--value"),
        BadInput("card show without a card", ["card", "show"], says: "missing"),
    ]

    static let invalidValues = [
        BadInput("a value that is not an amount", ["card", "update", "{card}", "--value", "twelve"], says: "twelve"),
        BadInput("a condition that does not exist", ["card", "update", "{card}", "--condition", "mint"], says: "mint"),
        BadInput("a grade that is not a number", ["card", "update", "{card}", "--grade", "ten"], says: "ten"),
        BadInput("a grading company that does not exist", ["grading", "submit", "--company", "xyz", "--cost", "5", "--card", "{card}"],
                 says: "xyz"),
        BadInput("a card that does not exist", ["sale", "record", "--card", "DEADBEEF", "--price", "5"], says: "DEADBEEF"),
    ]

    static let impossibleValues = [
        BadInput("a negative sale price", ["sale", "record", "--card", "{card}", "--price", "-5"], says: "negative"),
        BadInput("grade 11", ["card", "update", "{card}", "--grade", "11"], says: "grade"),
        BadInput("grade 0", ["card", "update", "{card}", "--grade", "0"], says: "grade"),
        BadInput("a grade past any number", ["card", "update", "{card}", "--grade", "99999999999999999999"], says: "grade"),
        BadInput("February 30", ["card", "update", "{card}", "--acquired", "2026-02-30"], says: "2026-02-30"),
        BadInput("the year 1", ["card", "update", "{card}", "--acquired", "0001-01-01"], says: "0001-01-01"),
        BadInput("an amount no dealer has", ["card", "update", "{card}", "--value", "1e300"], says: "value"),
        BadInput("a negative number of days", ["grading", "submit", "--company", "psa", "--cost", "5", "--card", "{card}",
                                               "--expected-days", "-3"], says: "days"),
    ]

    static let oversizedText = [
        BadInput("a 100,000-character card name", ["card", "add", "--name", BadInput.huge, "--set", "Jungle", "--number", "1"],
                 says: "100,000 characters long"),
        BadInput("a 100,000-character contact name", ["contact", "add", "--name", BadInput.huge], says: "100,000 characters long"),
        BadInput("a 100,000-character note", ["card", "update", "{card}", "--notes", BadInput.huge], says: "100,000 characters long"),
    ]

    static let controlCharacters = [
        BadInput("an escape sequence in a card name", ["card", "add", "--name", "Evil\u{1B}[2J", "--set", "Jungle", "--number", "1"],
                 says: "control character"),
        BadInput("a bell in a contact name", ["contact", "add", "--name", "Ring\u{07}"], says: "control character"),
        BadInput("a delete character in a set", ["card", "add", "--name", "Pikachu", "--set", "Jun\u{7F}gle", "--number", "1"],
                 says: "control character"),
        BadInput("a C1 control in a note", ["card", "update", "{card}", "--notes", "a\u{9B}31mb"], says: "control character"),
    ]

    /// Options that contradict each other, or one given twice with two values: refused naming them.
    static let contradictingOptions = [
        BadInput("graded and raw", ["card", "list", "--graded", "--raw"], says: "--graded and --raw exclude each other"),
        BadInput("a top and a limit", ["card", "list", "--top", "2", "--limit", "3"], says: "--top already limits the listing"),
        BadInput("two names", ["card", "add", "--name", "A", "--set", "S", "--number", "1", "--name", "B"], says: "--name is given twice, as \"A\" and as \"B\""),
    ]

    @Test(arguments: unknownCommands) func unknownCommandsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: missingArguments) func missingArgumentsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: invalidValues) func invalidValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: impossibleValues) func impossibleValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: oversizedText) func oversizedTextIsRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: controlCharacters) func controlCharactersAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: contradictingOptions) func contradictingOptionsAreRefusedNamingThem(_ input: BadInput) throws { try expectRefused(input) }

    /// Runs `input` on a store holding one card and checks how it was refused.
    func expectRefused(_ input: BadInput) throws {
        let home = try TemporaryDirectory()
        let store = home.file("cards.store").path
        let tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
        let added = try tool.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64", "--value", "12",
                                  "--json", "--store", store])
        try #require(added.status == 0, "\(added.stderr)")
        let card = try #require((try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"] as? String)
        #expect(try Refusal.problems(running: tool, input.filled(["card": card]) + ["--store", store], for: input, store: store) == [])
    }
}
