import CommandLineTestSupport
import Foundation
import Testing

/// Bad command lines, as someone logging habits mistypes them or a script gets them
/// wrong: each is refused with a message in the user's words and a non-zero exit, and
/// the store is byte-identical afterwards.
@Suite("trendy refuses bad command lines")
struct BadInputTests {
    static let unknownCommands = [
        BadInput("an unknown command", ["frobnicate"], says: "\"frobnicate\" is not a trendy command"),
        BadInput("an unknown subcommand", ["types", "frobnicate"], says: "frobnicate"),
        BadInput("an unknown option", ["list", "--colour", "red"], says: "--colour"),
    ]

    static let missingArguments = [
        BadInput("log without a type", ["log"], says: "missing"),
        BadInput("edit without an event", ["edit"], says: "missing"),
        BadInput("rename without the new name", ["types", "rename", "Water"], says: "missing"),
        BadInput("an option without its value", ["list", "--limit"], says: "--limit"),
    ]

    static let invalidValues = [
        BadInput("a limit that is not a number", ["list", "--limit", "many"], says: "many"),
        BadInput("a period that does not exist", ["stats", "--period", "fortnight"], says: "fortnight"),
        BadInput("a type that does not exist", ["log", "Tea"], says: "Tea"),
        BadInput("a time written in words", ["log", "Water", "--at", "yesterday"], says: "yesterday"),
        BadInput("an event that does not exist", ["delete", "ffffffff"], says: "ffffffff"),
        BadInput("a calendar file that does not exist", ["import-ics", "no-such-file.ics", "--default-type", "Water"],
                 says: "no-such-file.ics"),
    ]

    static let impossibleValues = [
        BadInput("February 30", ["log", "Water", "--at", "2026-02-30 08:00"], says: "2026-02-30"),
        BadInput("the hour 25", ["log", "Water", "--at", "2026-03-02 25:00"], says: "25:00"),
        BadInput("a limit of 0", ["list", "--limit", "0"], says: "--limit"),
        BadInput("a range that ends before it starts", ["list", "--from", "2026-03-05", "--to", "2026-03-01"], says: "start before its end"),
        BadInput("an end before the start", ["log", "Water", "--at", "2026-03-02 08:00", "--end", "2026-03-01 08:00"], says: "end"),
        BadInput("a limit past any number", ["list", "--limit", "99999999999999999999"], says: "99999999999999999999"),
    ]

    static let oversizedText = [
        BadInput("a 100,000-character type", ["types", "add", BadInput.huge], says: "100,000 characters long"),
        BadInput("a 100,000-character note", ["log", "Water", "--note", BadInput.huge], says: "100,000 characters long"),
        BadInput("a 100,000-character new name", ["types", "rename", "Water", BadInput.huge], says: "100,000 characters long"),
    ]

    static let controlCharacters = [
        BadInput("an escape sequence in a type", ["types", "add", "Evil\u{1B}[2J"], says: "control character"),
        BadInput("a bell in a note", ["log", "Water", "--note", "Ring\u{07}"], says: "control character"),
        BadInput("a control character in an edited note", ["edit", "{event}", "--note", "a\u{01}b"], says: "control character"),
    ]

    /// Options that contradict each other, or one given twice with two values: refused naming them.
    static let contradictingOptions = [
        BadInput("two times", ["log", "Water", "--at", "2026-03-01 08:00", "--at", "2026-03-02 08:00"], says: "--at is given twice"),
        BadInput("a rule without its type", ["import-ics", "calendar.ics", "--rule", "gym"], says: "--rule \"gym\" is not pattern=Type"),
    ]

    @Test(arguments: unknownCommands) func unknownCommandsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: missingArguments) func missingArgumentsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: invalidValues) func invalidValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: impossibleValues) func impossibleValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: oversizedText) func oversizedTextIsRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: controlCharacters) func controlCharactersAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: contradictingOptions) func contradictingOptionsAreRefusedNamingThem(_ input: BadInput) throws { try expectRefused(input) }

    struct Row: Decodable { let id: String }

    /// Runs `input` in UTC on a store with one type and one event, and checks how it was refused.
    func expectRefused(_ input: BadInput) throws {
        let tool = try TrendyProcess()
        try tool.ok("types", "add", "Water")
        try tool.ok("log", "Water", "--at", "2026-03-02 08:00")
        let event = try #require(try tool.json([Row].self, "list").first?.id)
        let trendy = ToolProcess("trendy", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        #expect(try Refusal.problems(running: trendy, input.filled(["event": event]) + ["--store", tool.store], for: input,
                                     store: tool.store) == [])
    }
}
