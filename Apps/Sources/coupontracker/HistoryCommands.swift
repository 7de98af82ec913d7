import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List uses and expiries, newest first.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption
    @Option(help: "Only this benefit's history (its name or id).") var benefit: String?
    @Option(help: "The card, with --benefit, when several cards have a benefit of that name.") var card: String?
    @Option(help: "At most this many records.", transform: WholeNumber.parse) var limit: Int?
    @Flag(name: .customLong("used-only"), help: "Leave out expiries (the seed's recent usage).") var usedOnly = false

    struct Row: Encodable {
        let id: UUID
        let date: String
        let card: String
        let benefit: String
        let value: String
        let kind: String
        let notes: String?
    }

    func validate() throws {
        if let limit, limit < 1 { throw ArgumentParser.ValidationError("--limit must be at least 1.") }
        if card != nil, benefit == nil { throw ArgumentParser.ValidationError("--card goes with --benefit.") }
    }

    func run() throws {
        let wallet = try options.open()
        let repository = UsageRepository(modelContext: wallet.context)
        var usages: [BenefitUsage]
        if let benefit {
            usages = try repository.fetchHistory(for: wallet.benefit(named: benefit, on: card.map(wallet.card(named:))).id)
            if usedOnly { usages = usages.filter { !$0.wasAutoExpired } }
            if let limit { usages = Array(usages.prefix(limit)) }
        } else if usedOnly {
            usages = try repository.fetchRecentUsage(limit: limit ?? Int.max)
        } else {
            usages = try repository.fetchAll(limit: limit)
        }
        let rows = usages.map { usage in
            Row(id: usage.id, date: wallet.day(usage.usedDate), card: usage.cardNameSnapshot ?? "",
                benefit: usage.benefitNameSnapshot ?? "", value: amount(usage.valueRedeemed),
                kind: usage.wasAutoExpired ? "expired" : "used", notes: usage.notes)
        }
        if json.enabled { return try printJSON(rows) }
        if rows.isEmpty { return print("No history yet.") }
        var table = Table("date", "card", "benefit", "value", "kind", "notes", rightAligned: [3])
        for row in rows { table.add(row.date, row.card, row.benefit, money(Decimal(string: row.value) ?? 0), row.kind, row.notes ?? "") }
        print(table.render())
    }
}

struct TotalsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "totals", abstract: "Value redeemed and value expired in a range, and value available now.",
        discussion: "The range defaults to the calendar year of --now; both ends are included.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption
    @Option(help: "The first day, YYYY-MM-DD.") var from: String?
    @Option(help: "The last day, YYYY-MM-DD.") var to: String?

    struct Totals: Encodable { let from: String; let to: String; let redeemed: String; let expired: String; let available: String }

    func run() throws {
        let wallet = try options.open()
        let calendar = wallet.calendar
        let now = try options.now()
        let year = calendar.component(.year, from: now)
        let start = try from.map { try Moment.parseDay($0, option: "--from", counts: "totals count whole days", calendar: calendar) }
            ?? Moment.parse(String(format: "%04d-01-01", year), calendar: calendar)
        let lastDay = try to.map { try Moment.parseDay($0, option: "--to", counts: "totals count whole days", calendar: calendar) }
            ?? Moment.parse(String(format: "%04d-12-31", year), calendar: calendar)
        guard let end = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: lastDay))?.addingTimeInterval(-0.001),
              end >= start else { throw ToolError("--to must not be before --from.") }
        let repository = UsageRepository(modelContext: wallet.context)
        let totals = Totals(from: wallet.day(start), to: wallet.day(end),
                            redeemed: amount(try repository.totalValueRedeemed(from: start, to: end)),
                            expired: amount(try repository.totalValueExpired(from: start, to: end)),
                            available: amount(try wallet.totalAvailableValue()))
        try noteResetsDue(wallet, now: now)
        try noteBenefitsOfUnknownTemplates(wallet)
        if json.enabled { return try printJSON(totals) }
        print("""
            \(totals.from) to \(totals.to)
            redeemed: \(money(Decimal(string: totals.redeemed) ?? 0))
            expired:  \(money(Decimal(string: totals.expired) ?? 0))
            available now: \(money(Decimal(string: totals.available) ?? 0))
            """)
    }
}

struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "prune", abstract: "Delete the history recorded before a day.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "Records before this day (YYYY-MM-DD) are deleted.") var before: String
    @OptionGroup var json: JSONOption

    /// What `prune --json` prints: the history records are not listed one by one, so how many went.
    struct Pruned: Encodable { let action = "deleted"; let kind = "history record"; let count: Int; let before: String }

    func run() throws {
        let wallet = try options.open(changing: true)
        let day = try Moment.parseDay(before, option: "--before", counts: "the history before the start of that day is deleted. "
                                      + "Nothing was deleted", calendar: wallet.calendar)
        // History after the moment acted as of has not happened yet as far as this
        // command knows; deleting it would be a typo's doing (a year off), not a prune.
        let now = try options.now()
        guard day <= now else {
            throw ToolError("--before \(before) is after the moment acted as of (\(wallet.day(now))): prune only history "
                            + "that has happened. Give an earlier day, or a later --now. Nothing was deleted.")
        }
        let repository = UsageRepository(modelContext: wallet.context)
        let count = try wallet.context.fetchCount(UsageRepository.older(than: day))
        try repository.pruneHistory(olderThan: day)
        if json.enabled { return try printJSON(Pruned(count: count, before: wallet.day(day))) }
        print("Deleted \(count) record\(count == 1 ? "" : "s") from before \(wallet.day(day)).")
    }
}
