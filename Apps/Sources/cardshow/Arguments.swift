import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import MomentText

// Argument types: each parses what a dealer types and lists its choices in --help.

/// Dollars: "12.50" or "$12.50".
struct Dollars: ExpressibleByArgument {
    var value: Double
    init?(argument: String) {
        guard let value = DealerInput.amount(argument) else { return nil }
        self.value = value
    }
    static var defaultCompletionKind: CompletionKind { .default }

    /// For `@Option(transform:)`: the amount, or an error saying what an amount looks like
    /// and its range (the argument parser alone says only that the value is invalid).
    static func parse(_ text: String) throws -> Dollars {
        guard let dollars = Dollars(argument: text) else {
            // The argument parser names the value before this.
            throw ValidationError("it \(DealerInput.amountExpectation): \(DealerInput.amountAdvice).")
        }
        return dollars
    }
}

/// "2026-01-13" or "2026-01-13T17:30:00Z"; a time without a zone ("2026-01-13T17:30",
/// "2026-01-13 17:30") is on the dealer's clock, in their zone (TZ).
struct DayArgument: ExpressibleByArgument {
    var date: Date
    init(date: Date) { self.date = date }
    init?(argument: String) {
        guard let date = try? Self.read(argument) else { return nil }
        self.date = date
    }

    /// For `@Option(transform:)`: the date, or an error saying what a date looks like, as
    /// the other tools say it (the argument parser alone says only that it is invalid).
    static func parse(_ text: String) throws -> DayArgument {
        DayArgument(date: try read(text))
    }

    private static func read(_ text: String) throws -> Date {
        // The argument parser names the value before these.
        let refusal = ValidationError("it is not a real date and time \(MomentText.yearsDescription): "
                                      + "write 2026-01-13, 2026-01-13T17:30 (your time zone's clock) or 2026-01-13T17:30:00Z, "
                                      + "and check the month, day, hour and minute.")
        // `2026-11-01 01:30 -04:00`: the way to name either reading of a repeated time.
        if let written = OffsetTimeText(text), MomentText.years.contains(written.wallClock.year) {
            guard let date = written.date else { throw refusal }
            return date
        }
        guard let wall = WallClockText(text) else {
            guard let date = DealerInput.date(text) else { throw refusal }
            return date
        }
        guard MomentText.isRealDay(year: wall.year, month: wall.month, day: wall.day) else { throw refusal }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        // A `TZ` with summer-time rules is read on its own clock, which no Foundation zone keeps.
        let rule = TimeZoneVariable.rule
        let zone = rule?.text ?? calendar.timeZone.identifier
        let reading = rule.map {
            LocalTime.date(year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second, in: $0)
        } ?? LocalTime.date(year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute,
                            second: wall.second, in: calendar)
        switch reading {
        case .success(let date): return date
        case .failure(.skipped(let from, let to)):
            throw ValidationError(LocalTime.skippedWords(text, from: from, to: to, zoneName: zone))
        case .failure(.repeated(let first, let second, let from, let to)):
            throw ValidationError(LocalTime.repeatedWords(text, first: first, second: second, from: from, to: to, zoneName: zone))
        case .failure(.skippedDay(let before, let after)):
            throw ValidationError(LocalTime.skippedDayWords(text, before: before, after: after, zoneName: zone))
        case .failure(.notReal): throw refusal
        }
    }
}

enum ConditionArgument: String, ExpressibleByArgument, CaseIterable {
    case nm, lp, mp, hp, dmg

    var condition: CardCondition { CardCondition(parsing: rawValue)! }

    init?(argument: String) {
        guard let condition = CardCondition(parsing: argument) else { return nil }
        self.init(rawValue: condition.abbreviation.lowercased())
    }
}

enum RoleArgument: String, ExpressibleByArgument, CaseIterable {
    case customer, vendor, distributor

    var role: ContactRole {
        switch self {
        case .customer: .customer
        case .vendor: .vendor
        case .distributor: .distributor
        }
    }
}

enum PriorityArgument: String, ExpressibleByArgument, CaseIterable {
    case high, medium, low

    var priority: ContactPriority {
        switch self {
        case .high: .high
        case .medium: .medium
        case .low: .low
        }
    }
}

enum CompanyArgument: String, ExpressibleByArgument, CaseIterable {
    case psa, bgs, cgc, sgc

    var company: GradingCompany { GradingCompany(rawValue: rawValue.uppercased())! }

    init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

enum GradingStatusArgument: String, ExpressibleByArgument, CaseIterable {
    case preparing, submitted, received, grading, shipped, returned

    var status: GradingStatus {
        switch self {
        case .preparing: .preparing
        case .submitted: .submitted
        case .received: .received
        case .grading: .grading
        case .shipped: .shipped
        case .returned: .returned
        }
    }
}

extension ExchangeFormat: ExpressibleByArgument {}

/// A trade percentage: "80", "80%" or "0.8".
struct PercentageArgument: ExpressibleByArgument {
    var fraction: Double

    init(fraction: Double) {
        self.fraction = fraction
    }

    init?(argument: String) {
        guard let fraction = DealerInput.percentage(argument) else { return nil }
        self.fraction = fraction
    }

    /// For `@Option(transform:)`: the percentage, or an error saying how one is written (the
    /// argument parser alone said only "The value 'abc' is invalid for '--percentage'").
    static func parse(_ text: String) throws -> PercentageArgument {
        guard let percentage = PercentageArgument(argument: text) else {
            // The argument parser names the value before this.
            throw ValidationError("it is not a trade percentage: write 80, 80% or 0.8, from 1% to 100%, in digits "
                                  + "(without a minus sign or an exponent).")
        }
        return percentage
    }

    /// "80%" in --help, not the Swift value.
    var defaultValueDescription: String {
        (fraction * 100).formatted(.number.precision(.fractionLength(0...2))) + "%"
    }
}
