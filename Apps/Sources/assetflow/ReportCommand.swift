import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "The latest total, the allocation against targets, the return over a range, and a chart.",
        discussion: """
            The return is the Modified Dietz return between the first and last snapshots of the \
            range, net of cash flows (each counted from the day of the snapshot it is recorded with).
            """)

    @Option(help: "The currency to report in.") var currency = "USD"
    @Option(help: "The first day of the range, YYYY-MM-DD.") var from: String?
    @Option(help: "The last day of the range, YYYY-MM-DD (its snapshot is valued).") var to: String?
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    struct Share: Encodable { let category: String; let value: String; let percentage: String; let target: String?; let drift: String? }
    struct Return: Encodable { let from: String; let to: String; let startValue: String; let endValue: String; let netCashFlow: String; let gain: String; let rate: String? }
    struct History: Encodable { let day: String; let total: String }
    struct View: Encodable {
        /// `day` and `total` are absent from the report of no snapshots.
        let currency: String; let day: String?; let total: String?; let allocation: [Share]; let `return`: Return?; let history: [History]
    }

    func run() throws {
        let portfolio = try store.open(writing: false)
        let start = try from.map(portfolio.days.parse), end = try to.map(portfolio.days.parse)
        if let start, let end, start > end, let from, let to { throw SnapshotError.reversedRange(from: from, to: to) }
        let snapshots = try portfolio.snapshots().filter { snapshot in
            let day = portfolio.days.day(of: snapshot.date)
            return (start.map { day >= $0 } ?? true) && (end.map { day <= $0 } ?? true)
        }
        let valuations = try portfolio.valuations(of: snapshots, in: currency)
        guard let valuation = valuations.last else {
            // An empty report, as every empty listing is with --json: a script reads JSON either way.
            if json.enabled {
                return try printJSON(View(currency: currency.uppercased(), day: nil, total: nil, allocation: [], return: nil, history: []))
            }
            return print("No snapshots\(from == nil && to == nil ? " yet" : " in that range"): create one with `assetflow snapshot create YYYY-MM-DD`, or run `assetflow demo`.")
        }
        let periodReturn = try valuations.first.flatMap { first in
            snapshots.count > 1
                ? try portfolio.periodReturn(of: snapshots, startValue: first.total, endValue: valuation.total, in: valuation.currency)
                : nil
        }
        let history = valuations.map { ($0.day, $0.total) }
        let view = View(
            currency: valuation.currency, day: valuation.day, total: Money.text(valuation.total),
            allocation: valuation.allocation.map {
                Share(category: $0.category, value: Money.text($0.value), percentage: Money.text($0.percentage),
                      target: $0.target.map(Money.text), drift: $0.drift.map(Money.text))
            },
            return: periodReturn.map {
                Return(from: $0.from, to: $0.to, startValue: Money.text($0.startValue), endValue: Money.text($0.endValue),
                       netCashFlow: Money.text($0.netCashFlow), gain: Money.text($0.gain), rate: $0.rate.map(Money.text))
            },
            history: history.map { History(day: $0.0, total: Money.text($0.1)) })
        if json.enabled { return try printJSON(view) }

        print("Portfolio on \(valuation.day): \(Money.display(valuation.total)) \(valuation.currency.forTerminal)\n")
        var table = Table("CATEGORY", "VALUE", "SHARE", "TARGET", "DRIFT", rightAligned: [1, 2, 3, 4])
        for share in valuation.allocation {
            table.add(share.category, Money.display(share.value), percent(share.percentage), share.target.map(percent) ?? "—",
                      share.drift.map { ($0 > 0 ? "+" : "") + percent($0) } ?? "—")
        }
        print(table.render())
        if let note = try TargetsOverWhole.note(for: portfolio) { print("\n" + note) }
        if let periodReturn {
            print("\nReturn \(periodReturn.from) → \(periodReturn.to): "
                  + (periodReturn.rate.map { percent($0 * 100) } ?? Self.undefinedReturn(periodReturn))
                  + " (gain \(Money.display(periodReturn.gain)), net cash flow \(Money.display(periodReturn.netCashFlow)), Modified Dietz)")
        }
        print("\n" + ValueChart.render(history.map { (day: $0.0, total: $0.1) }))
    }

    /// Why the return is not defined: its denominator, the start value with each cash flow
    /// weighted by the part of the period it was invested, is zero or less. "No value at the
    /// start" was said of a negative start value (a debt) and of a start the withdrawals outweighed.
    static func undefinedReturn(_ periodReturn: PeriodReturn) -> String {
        if periodReturn.startValue == 0 { return "not defined (no value at the start)" }
        if periodReturn.startValue < 0 {
            return "not defined (the value at the start, \(Money.display(periodReturn.startValue)), is below zero)"
        }
        return "not defined (more was taken out than the portfolio held, each cash flow weighted by the part of the period "
            + "it was invested)"
    }
}
