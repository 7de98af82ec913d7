import CommandLineTestSupport
import Foundation
import Testing

/// Bad command lines, as a cardholder mistypes them or a script gets them wrong: each is
/// refused with a message in the user's words and a non-zero exit, and the store is
/// byte-identical afterwards.
@Suite("coupontracker refuses bad command lines")
struct BadInputTests {
    static let unknownCommands = [
        BadInput("an unknown command", ["frobnicate"], says: "\"frobnicate\" is not a coupontracker command"),
        BadInput("an argument to a command that takes none", ["cards", "frobnicate"], says: "frobnicate"),
        BadInput("an unknown option", ["benefits", "--colour", "red"], says: "--colour"),
    ]

    static let missingArguments = [
        BadInput("use without a benefit", ["use"], says: "missing"),
        BadInput("add-benefit without a frequency", ["add-benefit", "--card", "Dining", "--name", "Parking", "--value", "5"],
                 says: "--frequency"),
        BadInput("add without a template or a name", ["add"], says: "--template"),
        BadInput("an option without its value", ["expiring", "--days"], says: "--days"),
    ]

    static let invalidValues = [
        BadInput("a value that is not an amount", ["add-benefit", "--card", "Dining", "--name", "Parking", "--value", "lots",
                                                   "--frequency", "monthly"], says: "'lots' is not an amount: write a benefit's value from 0 to 999,999.99"),
        BadInput("a frequency that does not exist", ["add-benefit", "--card", "Dining", "--name", "Parking", "--value", "5",
                                                     "--frequency", "hourly"], says: "hourly"),
        BadInput("days that are not a number", ["expiring", "--days", "soon"], says: "soon"),
        BadInput("a time zone that does not exist", ["benefits", "--time-zone", "Mars/Olympus"], says: "Mars/Olympus"),
        BadInput("a benefit that does not exist", ["use", "No Such Benefit"], says: "No Such Benefit"),
        BadInput("a template that does not exist", ["add", "--template", "No Such Card"], says: "No Such Card"),
        BadInput("notifications neither on nor off", ["preferences", "--notifications", "maybe"], says: "on or off"),
    ]

    static let impossibleValues = [
        BadInput("February 30", ["benefits", "--now", "2026-02-30"], says: "2026-02-30"),
        BadInput("a negative number of days", ["expiring", "--days", "-1"], says: "negative"),
        // Was "Nothing expires within 9223372036854775807 days." where 1,000,000 days listed every benefit.
        BadInput("more days than the calendar counts", ["expiring", "--days", "9223372036854775807"],
                 says: "--days is how many days ahead to look: 0 to 3650, not 9223372036854775807."),
        BadInput("a negative benefit value", ["add-benefit", "--card", "Dining", "--name", "Parking", "--value", "-5",
                                              "--frequency", "monthly"], says: "-5"),
        BadInput("the hour 25", ["preferences", "--time", "25:00"], says: "25 is not an hour"),
        BadInput("400 reminder days", ["preferences", "--default-days", "400"], says: "400"),
        BadInput("quiet hours ending at 30", ["preferences", "--quiet-hours", "22-30"], says: "30 is not an hour"),
        BadInput("a limit of 0", ["history", "--limit", "0"], says: "--limit"),
        BadInput("month 13", ["prune", "--before", "2026-13-01"], says: "2026-13-01"),
    ]

    static let oversizedText = [
        BadInput("a 100,000-character card name", ["add", "--custom", BadInput.huge], says: "100,000 characters long"),
        BadInput("a 100,000-character benefit name", ["add-benefit", "--card", "Dining", "--name", BadInput.huge, "--value", "5",
                                                      "--frequency", "monthly"], says: "100,000 characters long"),
        BadInput("a 100,000-character note", ["use", "Uber Cash", "--notes", BadInput.huge], says: "100,000 characters long"),
    ]

    static let controlCharacters = [
        BadInput("an escape sequence in a card name", ["add", "--custom", "Evil\u{1B}[2J"], says: "control character"),
        BadInput("a bell in a nickname", ["add", "--template", "Gold Card", "--nickname", "Ring\u{07}"], says: "control character"),
        BadInput("a control character in a note", ["use", "Uber Cash", "--notes", "a\u{01}b"], says: "control character"),
    ]

    /// Options that contradict each other, or one given twice with two values: refused naming them.
    static let contradictingOptions = [
        BadInput("a template and a custom card", ["add", "--template", "Gold Card", "--custom", "Mine"], says: "Give either --template NAME or --custom NAME"),
        BadInput("an issuer for a template card", ["add", "--template", "Gold Card", "--issuer", "Amex"], says: "--issuer and --color are for a custom card"),
        BadInput("a card without a benefit in history", ["history", "--card", "Dining"], says: "--card goes with --benefit"),
        BadInput("totals to a day before from", ["totals", "--from", "2026-05-01", "--to", "2026-04-01"], says: "--to must not be before --from"),
        BadInput("two numbers of days", ["expiring", "--days", "3", "--days", "4"], says: "--days is given twice, as \"3\" and as \"4\""),
    ]

    @Test(arguments: unknownCommands) func unknownCommandsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: missingArguments) func missingArgumentsAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: invalidValues) func invalidValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: impossibleValues) func impossibleValuesAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: oversizedText) func oversizedTextIsRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: controlCharacters) func controlCharactersAreRefused(_ input: BadInput) throws { try expectRefused(input) }
    @Test(arguments: contradictingOptions) func contradictingOptionsAreRefusedNamingThem(_ input: BadInput) throws { try expectRefused(input) }

    /// Runs `input`, as of a fixed moment in UTC, on a wallet holding one card, and checks how it was refused.
    func expectRefused(_ input: BadInput) throws {
        let tool = try CouponTrackerProcess()
        defer { tool.remove() }
        try tool.ok("add", "--template", "Gold Card", "--nickname", "Dining", "--now", "2026-03-01T08:00")
        let moment = input.arguments.contains("--now") ? [] : ["--now", "2026-03-02T08:00"]
        let coupontracker = ToolProcess("coupontracker", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        #expect(try Refusal.problems(running: coupontracker, input.arguments + moment + ["--store", tool.store], for: input,
                                     store: tool.store) == [])
    }
}
