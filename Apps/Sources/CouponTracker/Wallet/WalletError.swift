import Foundation

/// Why a wallet change was refused; nothing was changed.
public enum WalletError: LocalizedError, Equatable, Sendable {
    case templateNotFound(String)
    case templateRetired(String)
    case cardNotFound(String)
    case ambiguousCard(String, matches: [String])
    case benefitNotFound(String)
    /// `oneCard`: every match is on one card, so naming the card tells them no further apart.
    case ambiguousBenefit(String, matches: [String], oneCard: Bool = false)
    case emptyName
    case nicknameShowsNothing
    case negativeValue
    case invalidColor(String)
    case invalidReminderDays(Int)
    case notAvailable(benefit: String, status: BenefitStatus)
    case periodOver(benefit: String, endedOn: String)
    case notUsed(benefit: String)
    case useInEndedPeriod(benefit: String, endedOn: String)
    case invalidHour(Int)
    case invalidMinute(Int)
    case emptyQuietHours(Int)
    /// A preference another program stored that `coupontracker preferences` refuses, and the option that sets it.
    case storedPreference(problem: String, option: String)
    case notCustom(card: String)

    public var errorDescription: String? {
        switch self {
        case let .templateNotFound(name):
            "There is no card template '\(name)'. List them with `coupontracker templates`."
        case let .templateRetired(name):
            "The card \(name) is no longer offered, so it cannot be added; add it as a custom card (--custom) instead."
        case let .cardNotFound(name):
            "There is no card '\(name)' in the wallet. List them with `coupontracker cards`."
        case let .ambiguousCard(name, matches):
            "'\(name)' names more than one card (\(matches.joined(separator: ", "))): use the card's id from `coupontracker cards`."
        case let .benefitNotFound(name):
            "There is no benefit '\(name)'. List them with `coupontracker benefits`."
        case let .ambiguousBenefit(name, matches, oneCard):
            oneCard
                ? "'\(name)' names more than one benefit of one card (\(matches.joined(separator: "; "))): "
                    + "give the benefit's id, as `coupontracker benefits` lists it, instead of its name."
                : "'\(name)' names more than one benefit (\(matches.joined(separator: "; "))): add --card CARD or use the benefit's id."
        case .emptyName: "A name cannot be empty."
        case .nicknameShowsNothing:
            "The nickname is made only of characters that show nothing, so it could not be read or typed to find the card: "
                + "give it a letter, a digit or a symbol, or leave it empty for none."
        case .negativeValue: "A value cannot be negative."
        case let .invalidColor(text): "'\(text)' is not a color: write it as #RRGGBB, such as #1a1a2e."
        case let .invalidReminderDays(days): "Reminder days must be between 0 and 30, not \(days)."
        case let .notAvailable(benefit, status):
            "'\(benefit)' is \(status.displayName.lowercased()) in this period, so it cannot be marked used."
        case let .periodOver(benefit, day):
            "The period of '\(benefit)' ended on \(day): process resets first (`coupontracker reset`)."
        case let .useInEndedPeriod(benefit, day):
            "The period in which '\(benefit)' was used ended on \(day): that use is history and cannot be taken back. "
                + "Nothing was changed; `coupontracker reset` starts its new period."
        case let .notUsed(benefit): "'\(benefit)' is not marked used in its current period, so there is nothing to undo."
        case let .invalidHour(hour): "\(hour) is not an hour: use 0 to 23."
        case let .invalidMinute(minute): "\(minute) is not a minute: use 0 to 59."
        case let .emptyQuietHours(hour):
            "Quiet hours \(hour)-\(hour) start and end at the same hour: give two different hours, such as 22-8, or off."
        case let .notCustom(card):
            "'\(card)' is a card of a template, whose name is the template's: give it a nickname with --nickname instead."
        case let .storedPreference(problem, option):
            // Two lines, what is wrong and what to do: a message's line is cut at 400 characters.
            "The preferences hold what they may not, which another program stored: \(problem) Nothing was changed.\n"
                + "Set it with `coupontracker preferences \(option)`."
        }
    }
}
