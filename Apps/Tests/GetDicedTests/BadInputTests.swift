import CommandLineTestSupport
import Foundation
import Testing

/// Bad command lines, as a player mistypes them or a script gets them wrong: each is
/// refused with a message in a player's words and a non-zero exit, and the database is
/// byte-identical afterwards.
@Suite("getdiced refuses bad command lines")
struct BadInputTests {
    static let unknownCommands = [
        BadInput("an unknown command", ["frobnicate"], says: "\"frobnicate\" is not a getdiced command"),
        BadInput("an unknown subcommand", ["deck", "frobnicate"], says: "frobnicate"),
        BadInput("an unknown option", ["search", "--colour", "red"], says: "--colour"),
    ]

    static let missingArguments = [
        BadInput("folder add without a folder", ["folder", "add"], says: "missing"),
        BadInput("deck add without a card", ["deck", "add", "Gordon Singles"], says: "missing"),
        BadInput("an option without its value", ["search", "gordon", "--limit"], says: "--limit"),
        BadInput("folder move without a destination", ["folder", "move", "Flip Gordon", "--from", "Owned"], says: "--to"),
    ]

    static let invalidValues = [
        BadInput("a limit that is not a number", ["search", "--limit", "many"], says: "many"),
        BadInput("a card type that does not exist", ["search", "--type", "Foo"], says: "Foo"),
        BadInput("a spectacle type that does not exist", ["deck", "create", "Mine", "--spectacle", "HUGE"], says: "HUGE"),
        BadInput("a slot that does not exist", ["deck", "add", "Gordon Singles", "Flip Gordon", "--slot", "bench"], says: "bench"),
        BadInput("a card that does not exist", ["folder", "add", "Owned", "No Such Card"], says: "No Such Card"),
        BadInput("a deck that does not exist", ["deck", "validate", "No Such Deck"], says: "No Such Deck"),
    ]

    static let impossibleValues = [
        BadInput("a negative quantity", ["folder", "add", "Owned", "Flip Gordon", "--quantity", "-1"], says: "quantity"),
        BadInput("a quantity of 0", ["folder", "add", "Owned", "Flip Gordon", "--quantity", "0"], says: "from 1 to 999999"),
        BadInput("a quantity past any collection", ["folder", "add", "Owned", "Flip Gordon", "--quantity", "9223372036854775807"],
                 says: "quantity"),
        BadInput("a quantity past any number", ["folder", "add", "Owned", "Flip Gordon", "--quantity", "99999999999999999999"],
                 says: "quantity"),
        BadInput("a limit of 0", ["search", "--limit", "0"], says: "--limit"),
        BadInput("a deck slot past 30", ["deck", "add", "Gordon Singles", "Move 1", "--slot", "deck", "--number", "31"], says: "31"),
    ]

    static let oversizedText = [
        BadInput("a 100,000-character deck name", ["deck", "create", BadInput.huge], says: "100,000 characters long"),
        BadInput("a 100,000-character folder name", ["folder", "create", BadInput.huge], says: "100,000 characters long"),
        BadInput("a 100,000-character search", ["search", BadInput.huge], says: "100,000 characters long"),
    ]

    static let controlCharacters = [
        BadInput("an escape sequence in a deck name", ["deck", "create", "Evil\u{1B}[2J"], says: "control character"),
        BadInput("a bell in a folder name", ["folder", "create", "Ring\u{07}"], says: "control character"),
        BadInput("a control character in a new deck name", ["deck", "rename", "Gordon Singles", "A\u{01}B"], says: "control character"),
    ]

    /// Options that contradict each other, or one given twice with two values: refused naming them.
    static let contradictingOptions = [
        BadInput("two limits", ["search", "--limit", "5", "--limit", "6"], says: "--limit is given twice"),
    ]

    @Test(arguments: unknownCommands) func unknownCommandsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: missingArguments) func missingArgumentsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: invalidValues) func invalidValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: impossibleValues) func impossibleValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: oversizedText) func oversizedTextIsRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: controlCharacters) func controlCharactersAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: contradictingOptions) func contradictingOptionsAreRefusedNamingThem(_ input: BadInput) throws { try expectRefused(input) }

    /// Runs `input` on a database with the test catalog and a singles deck, and checks how it was refused.
    func expectRefused(_ input: BadInput) throws {
        let (directory, database) = try TestCatalog.databaseWithASinglesDeck()
        let tool = ToolProcess("getdiced", environment: ["GETDICED_CATALOG": nil, "XDG_DATA_HOME": directory.path])
        #expect(try Refusal.problems(running: tool, input.arguments + ["--db", database], for: input, store: database) == [])
    }
}
