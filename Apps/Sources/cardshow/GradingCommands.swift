import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

struct GradingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grading",
        abstract: "Grading submissions to PSA, BGS, CGC and SGC.",
        subcommands: [Submit.self, List.self, Advance.self, Return.self, Edit.self])
}

/// A grade on return, written `CARD=GRADE` or `CARD=GRADE:CERT`.
struct GradeArgument: ExpressibleByArgument {
    var card: String
    var grade: Int
    var cert: String?

    init?(argument: String) {
        let sides = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard sides.count == 2 else { return nil }
        let value = sides[1].split(separator: ":", maxSplits: 1).map(String.init)
        guard let grade = Int(value[0]) else { return nil }
        card = sides[0]
        self.grade = grade
        cert = value.count > 1 ? value[1] : nil
    }
}

extension GradingCommand {
    struct Submit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send cards off for grading.")

        @Option(help: "The grading company.") var company: CompanyArgument
        @Option(parsing: .unconditional, help: ArgumentHelp("What the submission costs in all.", valueName: "dollars"), transform: Dollars.parse) var cost: Dollars
        @Option(name: .customLong("card"), help: "A card sent (its ID); repeat for several.") var cards: [String]
        @Option(help: ArgumentHelp("When the cards should be back.", valueName: "date"), transform: DayArgument.parse) var expected: DayArgument?
        @Option(name: .customLong("expected-days"), parsing: .unconditional, help: "Or: in how many days they should be back.", transform: WholeNumber.parse) var expectedDays: Int?
        @Option(help: "The tracking number.") var tracking: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        /// Grading takes days to months: a negative count would date the return before the
        /// submission, and a count of years is a typo.
        static let longestWait = 3_650

        func validate() throws {
            if let expectedDays, !(0...Self.longestWait).contains(expectedDays) {
                throw ArgumentParser.ValidationError("--expected-days is how many days from today the cards should be back: "
                                      + "0 to \(Self.longestWait), not \(expectedDays).")
            }
            if expected != nil, expectedDays != nil { throw ArgumentParser.ValidationError("Give --expected DATE or --expected-days N, not both.") }
        }

        func run() throws {
            let context = try store.open()
            let lookup = ModelLookup(context: context)
            let expectedDate = expected?.date ?? expectedDays.map { Date().addingTimeInterval(Double($0) * 86_400) }
            let submission = try GradingService(context: context).submit(
                try lookup.cards(cards), to: company.company, totalCost: cost.value, expectedReturnDate: expectedDate,
                trackingNumber: tracking)
            if json.enabled { return try printJSON(SubmissionView(submission)) }
            print("Submitted \(submission.cardCount) card\(submission.cardCount == 1 ? "" : "s") to \(submission.company.rawValue) for \(Format.money(submission.totalCost)) (\(Format.money(submission.costPerCard)) each), submission \(submission.id.short)"
                  + (expectedDate.map { ", expected back \(Format.day($0))." } ?? "."))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List submissions, newest first.")

        @Flag(help: "Only those past their expected return date.") var overdue = false
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open(writing: false)
            let service = GradingService(context: context)
            let submissions = overdue ? try service.overdueSubmissions() : try service.allSubmissions()
            if json.enabled { return try printJSON(submissions.map(SubmissionView.init)) }
            guard !submissions.isEmpty else { return print(overdue ? "Nothing is overdue." : "No grading submissions.") }
            var table = Table("ID", "Company", "Status", "Cards", "Cost", "Submitted", "Expected", "Days out", "", rightAligned: [3, 4, 7])
            for submission in submissions {
                table.add(submission.id.short, submission.company.rawValue, submission.status.rawValue, "\(submission.cardCount)",
                          Format.money(submission.totalCost), Format.day(submission.submissionDate),
                          Format.day(submission.expectedReturnDate), Format.days(submission.daysOut, since: submission.submissionDate), submission.isOverdue ? "OVERDUE" : "")
            }
            table.print()
        }
    }

    struct Advance: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move a submission forward to a new status.")

        @Argument(help: "The submission's ID.") var id: String
        @Option(help: "The new status.") var to: GradingStatusArgument
        @Option(help: "The tracking number, when it ships.") var tracking: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let submission = try ModelLookup(context: context).submission(id)
            if let tracking { submission.trackingNumber = tracking }
            try RuleBreakWords.refusingDays(of: submission) { try GradingService(context: context).advance(submission, to: to.status) }
            if json.enabled { return try printJSON(SubmissionView(submission)) }
            print("Submission \(submission.id.short) is now \(submission.status.rawValue.lowercased()).")
        }
    }

    /// What mends a submission another device (a client keeping no rules) left breaking one
    /// of its rules, a cost below zero or a return before it was sent, which refused its
    /// `advance` and `return` for good, no command changing either.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a submission's cost, the day it was sent, its expected return date or tracking number; "
                + "its cards and status stay as recorded.")

        @Argument(help: "The submission's ID.") var id: String
        @Option(parsing: .unconditional, help: ArgumentHelp("What the submission costs in all.", valueName: "dollars"), transform: Dollars.parse) var cost: Dollars?
        @Option(help: ArgumentHelp("The day the cards were sent.", valueName: "date"), transform: DayArgument.parse) var submitted: DayArgument?
        @Option(help: ArgumentHelp("When the cards should be back.", valueName: "date"), transform: DayArgument.parse) var expected: DayArgument?
        @Option(help: "The tracking number.") var tracking: String?
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func validate() throws {
            let calendar = Calendar.current
            if let submitted, let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: Date())),
               submitted.date >= tomorrow {
                throw ArgumentParser.ValidationError("--submitted is the day the cards were sent: today at the latest, not \(Format.day(submitted.date)).")
            }
        }

        func run() throws {
            let context = try store.open()
            // The lookup, the check of its cards' days acquired and the save are one transaction:
            // a card's day acquired another process moves meanwhile is seen, where both were saved
            // and the cards were left acquired after the day they were sent.
            var edited: GradingSubmission?
            try context.transaction {
                let submission = try ModelLookup(context: context).submission(id)
                if let cost { submission.totalCost = cost.value }
                if let submitted { submission.submissionDate = submitted.date }
                if let expected { submission.expectedReturnDate = expected.date }
                if let tracking { submission.trackingNumber = tracking }
                try RuleBreakWords.refusingDays(of: submission) { try saveEdit(submission.validate, in: context) }
                edited = submission
            }
            guard let submission = edited else { return }
            if json.enabled { return try printJSON(SubmissionView(submission)) }
            print("Updated submission \(submission.id.short): \(submission.cardCount) card\(submission.cardCount == 1 ? "" : "s") "
                  + "to \(submission.company.rawValue) for \(Format.money(submission.totalCost)), sent \(Format.day(submission.submissionDate)).")
        }
    }

    struct Return: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a submission's return and its cards' grades.",
            discussion: "Example: cardshow grading return 1A2B3C4D --grade 3F2A9C1B=10:12345678 --grade 77AA0011=9")

        @Argument(help: "The submission's ID.") var id: String
        @Option(help: ArgumentHelp("A card's grade, and optionally its certificate number.", valueName: "card=grade[:cert]"))
        var grade: [GradeArgument] = []
        @OptionGroup var store: StoreOptions
        @OptionGroup var json: JSONOption

        func run() throws {
            let context = try store.open()
            let lookup = ModelLookup(context: context)
            let submission = try lookup.submission(id)
            let results = try grade.map { GradeResult(cardID: try lookup.card($0.card).id, grade: $0.grade, certNumber: $0.cert) }
            try RuleBreakWords.refusingDays(of: submission) {
                try CardRuleRefusal.naming(submission.cards ?? []) { try GradingService(context: context).recordReturn(submission, grades: results) }
            }
            if json.enabled { return try printJSON(SubmissionView(submission)) }
            print("Submission \(submission.id.short) returned; \(results.count) grade\(results.count == 1 ? "" : "s") recorded.")
        }
    }
}
