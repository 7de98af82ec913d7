import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation
import MomentText

struct BenefitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benefits", abstract: "List the benefits with their values, status and period ends.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption
    @Option(help: "Only this card's benefits (its name, nickname or id).") var card: String?

    func run() throws {
        let wallet = try options.open()
        let now = try options.now()
        let benefits: [Benefit]
        let chosen = try card.map { try wallet.card(named: $0) }
        if let chosen {
            benefits = try BenefitRepository(modelContext: wallet.context).fetchBenefits(for: chosen.id)
        } else {
            benefits = try wallet.cards().flatMap { card in
                try BenefitRepository(modelContext: wallet.context).fetchBenefits(for: card.id)
            }
        }
        let rows = benefits.filter(\.isActive).map { BenefitRow($0, wallet: wallet, now: now) }
        try noteResetsDue(wallet, now: now)
        try noteBenefitsOfUnknownTemplates(wallet)
        if json.enabled { return try printJSON(rows) }
        if rows.isEmpty { return print("No benefits. Add a card with `coupontracker add --template NAME`.") }
        print(BenefitRow.table(rows))
        // The total of what is listed: the card's, when one was asked for.
        print("\nAvailable: \(money(try wallet.totalAvailableValue(of: chosen)))")
    }
}

struct UseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "use", abstract: "Mark a benefit used in its current period.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The benefit (its name or id).") var benefit: String
    @Option(help: "The card, when several cards have a benefit of that name.") var card: String?
    @Option(help: "A note kept with the use.") var notes: String?
    @OptionGroup var json: JSONOption

    func run() throws {
        let wallet = try options.open(changing: true)
        let found = try wallet.benefit(named: benefit, on: card.map(wallet.card(named:)))
        let now = try options.now()
        let usage = try wallet.markUsed(found, notes: notes, now: now)
        if json.enabled { return try printJSON(BenefitRow(found, wallet: wallet, now: now)) }
        print("Marked \(wallet.name(of: found).forTerminal) used: \(money(usage.valueRedeemed)) redeemed.")
    }
}

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Take back the use of a benefit in its current period.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The benefit (its name or id).") var benefit: String
    @Option(help: "The card, when several cards have a benefit of that name.") var card: String?
    @OptionGroup var json: JSONOption

    func run() throws {
        let wallet = try options.open(changing: true)
        let found = try wallet.benefit(named: benefit, on: card.map(wallet.card(named:)))
        let now = try options.now()
        try wallet.undoUse(of: found, now: now)
        if json.enabled { return try printJSON(BenefitRow(found, wallet: wallet, now: now)) }
        print("\(wallet.name(of: found).forTerminal) is available again.")
    }
}

struct ExpiringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "expiring", abstract: "List the available benefits whose period ends within N days.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption
    @Option(parsing: .unconditional, help: "How many days ahead to look, 0 to 3650 (default: 7).", transform: WholeNumber.parse) var days: Int = 7

    func validate() throws {
        if days < 0 { throw ArgumentParser.ValidationError("--days cannot be negative.") }
        // The calendar answers a date thousands of years away with one in the past, or none,
        // and every benefit would seem not to expire.
        if days > 3_650 { throw ArgumentParser.ValidationError("--days is how many days ahead to look: 0 to 3650, not \(days).") }
    }

    func run() throws {
        let wallet = try options.open()
        let now = try options.now()
        let benefits = try BenefitRepository(modelContext: wallet.context)
            .fetchExpiringBenefits(withinDays: days, now: now, calendar: wallet.calendar)
        let rows = benefits.filter(\.isActive).map { BenefitRow($0, wallet: wallet, now: now) }
        try noteResetsDue(wallet, now: now)
        try noteBenefitsOfUnknownTemplates(wallet)
        if json.enabled { return try printJSON(rows) }
        if rows.isEmpty { return print("Nothing expires within \(days) day\(days == 1 ? "" : "s").") }
        print(BenefitRow.table(rows))
        let total = rows.reduce(Decimal(0)) { $0 + (Decimal(string: $1.value) ?? 0) }
        print("\nExpiring: \(money(total))")
    }
}

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Roll every benefit whose period has ended into its new period.",
        discussion: "Unused benefits of ended periods are recorded as expired first. Running it twice changes nothing.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption

    struct Summary: Encodable {
        let periodsRolled: Int; let periodsExpired: Int; let valueExpired: String; let periodsRepaired: Int; let remindersRepaired: Int
    }

    func run() throws {
        let wallet = try options.open()
        let summary = try wallet.processResets(asOf: try options.now())
        if json.enabled {
            return try printJSON(Summary(periodsRolled: summary.periodsRolled, periodsExpired: summary.periodsExpired,
                                         valueExpired: amount(summary.valueExpired), periodsRepaired: summary.periodsRepaired,
                                         remindersRepaired: summary.remindersRepaired))
        }
        if summary.periodsRepaired > 0 {
            print("Put \(counted(summary.periodsRepaired, "benefit")) whose period another program stored outside the years the wallet "
                  + "keeps (\(MomentText.yearsDescription)), or ending before it starts, back in the period holding today; none expired.")
        }
        if summary.remindersRepaired > 0 {
            print("Put the reminder days of \(counted(summary.remindersRepaired, "benefit")), which another program stored outside 0 to 30, "
                  + "back to the wallet's default for new benefits (\(counted(try wallet.repairedReminderDays(), "day")) before a period's end).")
        }
        if summary.periodsRolled == 0 {
            if summary.periodsRepaired == 0 && summary.remindersRepaired == 0 { print("No period has ended: nothing to reset.") }
            return
        }
        print("Rolled \(summary.periodsRolled) period\(summary.periodsRolled == 1 ? "" : "s"); \(summary.periodsExpired) expired unused (\(money(summary.valueExpired))).")
    }
}
