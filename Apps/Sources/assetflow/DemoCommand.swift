import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill the store with a sample portfolio (three categories, two currencies, four quarterly snapshots) and report it.",
        discussion: "Only a store without snapshots is filled; otherwise demo shows the report.")
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        let portfolio = try store.open(writing: true, creating: true)
        // The check and the filling in one transaction: two demos at once fill the store once.
        let filled = try portfolio.together {
            guard try portfolio.snapshots().isEmpty else { return false }
            try Self.fill(portfolio)
            return true
        }
        // With --json the report alone, so that the output is JSON.
        if !json.enabled {
            print(filled ? "Added a sample portfolio.\n" : "The store already has snapshots, so nothing was added.\n")
        }
        let report = try ReportCommand.parse(["--store", store.url.path] + (json.enabled ? ["--json"] : []))
        try report.run()
    }

    static func fill(_ portfolio: Portfolio) throws {
        try portfolio.addCategory(named: "Stocks", target: 60, displayOrder: 1)
        try portfolio.addCategory(named: "Bonds", target: 30, displayOrder: 2)
        try portfolio.addCategory(named: "Cash", target: 10, displayOrder: 3)
        try portfolio.addAsset(named: "World ETF", platform: "Interactive Brokers", currency: "USD", category: "Stocks")
        try portfolio.addAsset(named: "Taiwan 50", platform: "Cathay", currency: "TWD", category: "Stocks")
        try portfolio.addAsset(named: "Treasury Bond ETF", platform: "Interactive Brokers", currency: "USD", category: "Bonds")
        try portfolio.addAsset(named: "Savings", platform: "Cathay", currency: "TWD", category: "Cash")
        let quarters: [(String, [Decimal], Decimal, Decimal?)] = [
            ("2025-12-31", [52_000, 610_000, 21_000, 180_000], Decimal(string: "31.2")!, nil),
            ("2026-03-31", [55_400, 640_000, 21_300, 150_000], Decimal(string: "31.8")!, 3_000),
            ("2026-06-30", [57_900, 702_500, 21_450, 160_000], Decimal(string: "32.4")!, nil),
            ("2026-09-30", [56_100, 688_000, 24_700, 175_000], Decimal(string: "32.1")!, -2_000),
        ]
        let assets = [("World ETF", "Interactive Brokers"), ("Taiwan 50", "Cathay"), ("Treasury Bond ETF", "Interactive Brokers"), ("Savings", "Cathay")]
        for (day, values, rate, flow) in quarters {
            let date = try portfolio.days.parse(day)
            try portfolio.createSnapshot(on: date)
            try portfolio.setRates(on: date, base: "USD", rates: ["TWD": rate])
            for ((name, platform), value) in zip(assets, values) { try portfolio.setValue(value, of: name, platform: platform, on: date) }
            if let flow {
                try portfolio.addCashFlow(flow > 0 ? "Quarterly deposit" : "Withdrawal", amount: flow, currency: "USD", on: date)
            }
        }
    }
}
