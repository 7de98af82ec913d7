import CommandLineTestSupport
import Foundation
import Testing

/// What a hostile pass over assetflow found: each input is refused in the user's words,
/// and exchange rates are kept exactly as typed, from the command line to the report.
@Suite("assetflow under hostile input")
struct HostileInputTests {
    /// A store with a category, an asset in USD on a platform and a snapshot.
    static func portfolio() throws -> AssetFlowProcess {
        let tool = try AssetFlowProcess()
        try tool.ok("category", "add", "Stocks", "--target", "60")
        try tool.ok("asset", "add", "World ETF", "--platform", "Broker", "--currency", "USD", "--category", "Stocks")
        try tool.ok("snapshot", "create", "2026-03-31")
        return tool
    }

    func expectRefused(_ tool: AssetFlowProcess, _ arguments: [String], says words: String) throws {
        let assetflow = ToolProcess("assetflow", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"])
        let input = BadInput(words, arguments, says: words)
        #expect(try Refusal.problems(running: assetflow, arguments + ["--store", tool.store], for: input, store: tool.store) == [])
    }

    @Test func aRateIsKeptExactlyAsTyped() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        // 18 significant digits: no binary floating-point value holds this rate.
        try tool.ok("snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "TWD=1234567890.12345678", "--rate", "EUR=0.0333")
        let shown = try tool.ok("snapshot", "show", "2026-03-31")
        #expect(shown.contains("TWD 1234567890.12345678"), "\(shown)")
        #expect(shown.contains("EUR 0.0333"), "\(shown)")
        let json = try tool.ok("snapshot", "show", "2026-03-31", "--json")
        #expect(json.contains("1234567890.12345678"), "\(json)")
        #expect(json.contains("0.0333"), "\(json)")
    }

    @Test func aValueIsConvertedWithTheExactRate() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try tool.ok("asset", "add", "Savings", "--currency", "EUR")
        try tool.ok("snapshot", "set", "2026-03-31", "--asset", "World ETF", "--platform", "Broker", "--value", "0")
        try tool.ok("snapshot", "set", "2026-03-31", "--asset", "Savings", "--value", "333")
        try tool.ok("snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "EUR=0.0333")
        let report = try tool.ok("report", "--json")
        #expect(report.contains("\"total\":\"10000\"") || report.contains("\"total\" : \"10000\""), "\(report)")
    }

    @Test func rateCodesAreShownUppercase() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try tool.ok("snapshot", "rates", "2026-03-31", "--base", "usd", "--rate", "twd=32.5")
        let json = try tool.ok("snapshot", "show", "2026-03-31", "--json")
        #expect(json.contains("\"TWD\""), "\(json)")
        #expect(!json.contains("\"twd\""), "\(json)")
    }

    @Test func aTargetWithADecimalCommaIsRefusedNotReadAsFifteen() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["category", "add", "Bonds", "--target", "1,5"], says: "with a dot")
        try expectRefused(tool, ["category", "target", "Stocks", "1,5"], says: "with a dot")
    }

    @Test func thousandsSeparatorsAreStillTaken() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try tool.ok("snapshot", "set", "2026-03-31", "--asset", "World ETF", "--platform", "Broker", "--value", "1,250.50")
        #expect(try tool.ok("snapshot", "show", "2026-03-31").contains("1,250.50"))
    }

    @Test func currencyCodesThatISO4217DoesNotHaveAreRefused() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        for code in ["ZZZ", "QQQ", "XXX"] {
            try expectRefused(tool, ["asset", "add", "Gold", "--currency", code], says: "'\(code)' is not a currency in use")
        }
        try expectRefused(tool, ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "ZZZ=2"], says: "ZZZ")
        try expectRefused(tool, ["report", "--currency", "QQQ"], says: "QQQ")
    }

    @Test func aRateForTheBaseCurrencyIsRefused() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "usd=1", "--rate", "TWD=32"],
                          says: "USD is the base currency")
    }

    @Test func twoRatesForOneCurrencyAreRefused() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["snapshot", "rates", "2026-03-31", "--base", "USD", "--rate", "TWD=32", "--rate", "twd=33"],
                          says: "TWD has two rates")
    }

    @Test func anEmptyPlatformIsRefused() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["asset", "add", "Gold", "--platform", " ", "--currency", "USD"], says: "platform")
        try expectRefused(tool, ["asset", "rename-platform", "Broker", ""], says: "platform")
    }

    @Test func aReportWhoseStartIsAfterItsEndIsRefused() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["report", "--from", "2026-06-30", "--to", "2026-01-01"], says: "--from 2026-06-30 is after --to 2026-01-01")
    }

    @Test func anEmptyFileAtTheStorePathIsRefusedAndLeftEmpty() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        #expect(FileManager.default.createFile(atPath: tool.store, contents: Data()))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: tool.store)
        for arguments in [["asset", "list"], ["category", "add", "Stocks"]] {
            let output = try tool.run(arguments)
            #expect(output.status != 0)
            #expect(output.stderr.contains("is an empty file, not an AssetFlow store"),
                    "\(output.stderr)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: tool.store)[.size] as? Int == 0)
    }
}
