import AssetFlow
import Foundation
import Testing

@Suite struct CommandLineTests {
    struct Report: Decodable {
        struct Share: Decodable { let category: String; let value: String; let percentage: String; let target: String?; let drift: String? }
        struct Return: Decodable { let startValue: String; let endValue: String; let netCashFlow: String; let gain: String; let rate: String? }
        let total: String
        let allocation: [Share]
        let `return`: Return?
    }

    @Test func aCashFlowWithoutACurrencyIsSaidToBeInTheReportsCurrencyNotLeftBlank() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("snapshot", "create", "2026-01-01")
        let said = try tool.ok("snapshot", "cashflow", "2026-01-01", "--description", "Out", "--amount", "-300")
        #expect(said.contains("Recorded the cash flow Out: -300.00 in the report's currency on 2026-01-01."), "\(said)")
        #expect(!said.contains("  "), "\(said)")
    }

    @Test func aReturnFromANegativeStartValueIsSaidToBeUndefinedForThatNotForNoValue() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("asset", "add", "Card", "--platform", "Bank", "--currency", "USD")
        for (day, value) in [("2026-01-31", "-50"), ("2026-02-28", "100")] {
            try tool.ok("snapshot", "create", day)
            try tool.ok("snapshot", "set", day, "--asset", "Card", "--platform", "Bank", "--value", value)
        }
        let report = try tool.ok("report")
        // Before: "not defined (no value at the start)", of a start value of -50.00.
        #expect(report.contains("Return 2026-01-31 → 2026-02-28: not defined (the value at the start, -50.00, is below zero)"),
                "\(report)")
    }

    @Test("a four-snapshot portfolio in two currencies and three categories, built with the tool, reports the hand-computed figures")
    func fourSnapshotPortfolio() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("category", "add", "Stocks", "--target", "50")
        try tool.ok("category", "add", "Bonds", "--target", "30")
        try tool.ok("category", "add", "Cash", "--target", "20")
        try tool.ok("asset", "add", "VT", "--platform", "Broker", "--currency", "USD", "--category", "Stocks")
        try tool.ok("asset", "add", "0050", "--currency", "TWD", "--category", "Stocks")
        try tool.ok("asset", "add", "BND", "--platform", "Broker", "--currency", "USD", "--category", "Bonds")
        try tool.ok("asset", "add", "Savings", "--platform", "Bank", "--currency", "TWD", "--category", "Cash")
        // VT, 0050, BND, Savings; TWD per USD.
        let snapshots: [(String, [String], String)] = [
            ("2026-01-01", ["5000", "64000", "2000", "32000"], "32"),
            ("2026-04-01", ["5500", "64000", "2100", "32000"], "32"),
            ("2026-07-01", ["5600", "66000", "2200", "30000"], "30"),
            ("2026-10-01", ["6000", "72000", "2300", "39000"], "30"),
        ]
        for (day, values, rate) in snapshots {
            try tool.ok("snapshot", "create", day)
            try tool.ok("snapshot", "rates", day, "--base", "USD", "--rate", "TWD=\(rate)")
            for ((asset, platform), value) in zip([("VT", "Broker"), ("0050", ""), ("BND", "Broker"), ("Savings", "Bank")], values) {
                try tool.ok("snapshot", "set", day, "--asset", asset, "--platform", platform, "--value", value)
            }
        }
        try tool.ok("snapshot", "cashflow", "2026-04-01", "--description", "Deposit", "--amount", "500", "--currency", "USD")
        try tool.ok("snapshot", "cashflow", "2026-10-01", "--description", "Withdrawal", "--amount", "-300", "--currency", "USD")

        let report = try JSONDecoder().decode(Report.self, from: Data(try tool.ok("report", "--currency", "USD", "--json").utf8))
        // 2026-10-01: 6000 + 72000/30 + 2300 + 39000/30 = 6000 + 2400 + 2300 + 1300.
        #expect(dec(report.total) == 12000)
        #expect(report.allocation.map(\.category) == ["Stocks", "Bonds", "Cash"])
        #expect(report.allocation.map { dec($0.value) } == [8400, 2300, 1300])
        #expect(dec(report.allocation[0].percentage) == 70)
        #expect(dec(report.allocation[0].drift ?? "") == 20)
        #expect(dec(report.allocation[1].percentage) == dec("2300") / dec("12000") * 100)

        // Modified Dietz over 273 days: +500 on day 90 (weight 183/273), −300 on the last day (weight 0).
        let result = try #require(report.return)
        #expect(dec(result.startValue) == 10000)
        #expect(dec(result.netCashFlow) == 200)
        #expect(dec(result.gain) == 1800)
        let weight = dec("183") / dec("273")
        #expect(dec(result.rate ?? "") == dec("1800") / (dec("10000") + weight * dec("500")))
    }

    @Test("a refused command prints the reason on standard error, exits non-zero and changes nothing")
    func refusedCommandChangesNothing() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("category", "add", "Stocks")
        try tool.ok("asset", "add", "VT", "--currency", "USD", "--category", "Stocks")
        let refused = try tool.run("category", "delete", "stocks")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("still holds 1 asset: VT"))
        let duplicate = try tool.run("asset", "add", " vt ", "--currency", "USD")
        #expect(duplicate.status != 0)
        #expect(duplicate.stderr.contains("already exists"))
        #expect(try tool.ok("category", "list", "--json").contains("\"VT\""))
    }

    @Test("bad values are refused with a message in the user's words")
    func badValues() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        let badDay = try tool.run("snapshot", "create", "2026-02-30")
        #expect(badDay.status != 0)
        #expect(badDay.stderr.contains("is not a day"))
        let badCurrency = try tool.run("asset", "add", "X", "--currency", "dollars")
        #expect(badCurrency.status != 0)
        #expect(badCurrency.stderr.contains("not a currency code"))
        try tool.ok("snapshot", "create", "2026-02-28")
        try tool.ok("asset", "add", "X", "--currency", "USD")
        let badAmount = try tool.run("snapshot", "set", "2026-02-28", "--asset", "X", "--value", "1e300")
        #expect(badAmount.status != 0)
        #expect(badAmount.stderr.contains("is not an amount"))
    }

    @Test("a read command on a store that does not exist says so and creates nothing")
    func readingAMissingStoreCreatesNothing() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        let output = try tool.run("asset", "list")
        #expect(output.status != 0)
        #expect(output.stderr.contains("There is no store"))
        #expect(!FileManager.default.fileExists(atPath: tool.store))
    }

    @Test("demo fills an empty store and reports it; run again, it adds nothing")
    func demoFillsOnce() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        let first = try tool.ok("demo")
        #expect(first.contains("Added a sample portfolio"))
        #expect(first.contains("Modified Dietz"))
        let second = try tool.ok("demo")
        #expect(second.contains("nothing was added"))
        #expect(try tool.ok("snapshot", "list", "--json").components(separatedBy: "\"day\"").count - 1 == 4)
    }

    @Test("import of a CSV file sets a snapshot's values, and export writes them back")
    func importAndExport() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("snapshot", "create", "2026-03-31")
        let file = tool.directory.appendingPathComponent("values.csv")
        try "asset,platform,currency,value\nVT,Broker,USD,1234.5\n\"Fund, A\",,EUR,10\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try tool.ok("import", "2026-03-31", file.path).contains("Imported 2 values"))
        #expect(try tool.ok("export", "2026-03-31") == "asset,platform,currency,value\r\nVT,Broker,USD,1234.5\r\n\"Fund, A\",,EUR,10\r\n")
    }
}
