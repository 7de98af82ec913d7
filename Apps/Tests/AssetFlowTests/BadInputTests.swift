import CommandLineTestSupport
import Foundation
import Testing

/// Bad command lines, as an investor mistypes them or a script gets them wrong: each is
/// refused with a message in the user's words and a non-zero exit, and the store is
/// byte-identical afterwards.
@Suite("assetflow refuses bad command lines")
struct BadInputTests {
    static let unknownCommands = [
        BadInput("an unknown command", ["frobnicate"], says: "\"frobnicate\" is not an assetflow command"),
        BadInput("an unknown subcommand", ["asset", "frobnicate"], says: "frobnicate"),
        BadInput("an unknown option", ["report", "--colour", "red"], says: "--colour"),
    ]

    static let missingArguments = [
        BadInput("asset add without a currency", ["asset", "add", "Gold"], says: "--currency"),
        BadInput("snapshot set without a value", ["snapshot", "set", "2026-03-31", "--asset", "World ETF"], says: "--value"),
        BadInput("category add without a name", ["category", "add"], says: "missing"),
        BadInput("an option without its value", ["snapshot", "set", "2026-03-31", "--asset", "World ETF", "--platform", "Broker",
                                                 "--value"], says: "--value"),
    ]

    static let invalidValues = [
        BadInput("a value that is not an amount", ["snapshot", "set", "2026-03-31", "--asset", "World ETF", "--platform", "Broker",
                                                   "--value", "lots"], says: "lots"),
        BadInput("an order that is not a number", ["category", "add", "Bonds", "--order", "first"], says: "first"),
        BadInput("a day written another way", ["snapshot", "create", "31/03/2026"], says: "31/03/2026"),
        BadInput("a rate without its units", ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "TWD"], says: "TWD"),
        BadInput("an asset that does not exist", ["asset", "delete", "Nothing"], says: "Nothing"),
        BadInput("a snapshot that does not exist", ["snapshot", "show", "2020-01-01"], says: "2020-01-01"),
    ]

    static let impossibleValues = [
        BadInput("February 30", ["snapshot", "create", "2026-02-30"], says: "2026-02-30"),
        BadInput("month 13", ["report", "--from", "2026-13-01"], says: "2026-13-01"),
        BadInput("a target over 100%", ["category", "add", "Bonds", "--target", "150"], says: "100"),
        BadInput("a negative target", ["category", "target", "Stocks", "-5"], says: "target"),
        BadInput("a rate of 0", ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "TWD=0"], says: "rate"),
        BadInput("an amount past any portfolio", ["snapshot", "set", "2026-03-31", "--asset", "World ETF", "--platform", "Broker",
                                                  "--value", "1e300"], says: "1e300"),
        BadInput("a rate of 0", ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "EUR=0"], says: "must be more than 0"),
        BadInput("a rate without its units", ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "EUR"],
                 says: "is not a rate: write CODE=UNITS"),
    ]

    static let oversizedText = [
        BadInput("a 100,000-character category", ["category", "add", BadInput.huge], says: "100,000 characters long"),
        BadInput("a 100,000-character asset", ["asset", "add", BadInput.huge, "--currency", "USD"], says: "100,000 characters long"),
        BadInput("a 100,000-character cash flow", ["snapshot", "cashflow", "2026-03-31", "--description", BadInput.huge, "--amount", "5"],
                 says: "100,000 characters long"),
    ]

    static let controlCharacters = [
        BadInput("an escape sequence in a category", ["category", "add", "Evil\u{1B}[2J"], says: "control character"),
        BadInput("a bell in a platform", ["asset", "add", "Gold", "--platform", "Ring\u{07}", "--currency", "USD"],
                 says: "control character"),
        BadInput("a control character in a new name", ["asset", "rename", "World ETF", "--platform", "Broker", "--to", "A\u{01}B"],
                 says: "control character"),
    ]

    /// Options that contradict each other, or one given twice with two values: refused naming them.
    static let contradictingOptions = [
        BadInput("a category and none", ["asset", "move", "World ETF", "--platform", "Broker", "--category", "Stocks", "--none"], says: "Give either --category NAME or --none"),
        BadInput("two bases", ["snapshot", "rates", "2026-03-31", "--base", "USD", "--base", "EUR", "--rate", "TWD=32"], says: "--base is given twice"),
    ]

    @Test(arguments: unknownCommands) func unknownCommandsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: missingArguments) func missingArgumentsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: invalidValues) func invalidValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: impossibleValues) func impossibleValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: oversizedText) func oversizedTextIsRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: controlCharacters) func controlCharactersAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: contradictingOptions) func contradictingOptionsAreRefusedNamingThem(_ input: BadInput) throws { try expectRefused(input) }

    /// Runs `input` on a store with a category, an asset and a snapshot, and checks how it was refused.
    func expectRefused(_ input: BadInput) throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("category", "add", "Stocks", "--target", "60")
        try tool.ok("asset", "add", "World ETF", "--platform", "Broker", "--currency", "USD", "--category", "Stocks")
        try tool.ok("snapshot", "create", "2026-03-31")
        let assetflow = ToolProcess("assetflow", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        #expect(try Refusal.problems(running: assetflow, input.arguments + ["--store", tool.store], for: input, store: tool.store) == [])
    }
}
