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

    @Test func anExportOntoTheStoreItselfIsRefusedAndTheStoreIsKept() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["export", "2026-03-31", "--output", tool.store], says: "would replace the store")
        try expectRefused(tool, ["export", "2026-03-31", "--output", tool.store + "-shm"], says: "would replace the store")
        #expect(try tool.ok("asset", "list").contains("World ETF"))
    }

    @Test func anImportedNameOverFourThousandCharactersIsRefusedNamingItsLine() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("values.csv")
        try "asset,platform,currency,value\nWorld ETF,Broker,USD,1\n\(String(repeating: "A", count: 1_000_000)),Broker,USD,1\n"
            .write(to: file, atomically: true, encoding: .utf8)
        try expectRefused(tool, ["import", "2026-03-31", file.path], says: "Line 3: the asset name is over 16,384 characters long")
    }

    @Test func aFileWithoutLineBreaksIsRefusedAtItsFirstLongFieldNotReadWhole() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        let file = tool.directory.appendingPathComponent("values.csv")
        // Text (a NUL byte would have the file refused at its first 64 KB as not text, before any field is read).
        try Data(repeating: UInt8(ascii: "a"), count: 20 << 20).write(to: file)
        let started = Date()
        try expectRefused(tool, ["import", "2026-03-31", file.path], says: "Line 1: the asset name is over 16,384 characters long")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aJSONReportOfNoSnapshotsIsAnEmptyReport() throws {
        let tool = try AssetFlowProcess()
        defer { tool.remove() }
        try tool.ok("category", "add", "Stocks")
        let report = try tool.ok("report", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any], "\(report)")
        #expect((object["history"] as? [Any])?.isEmpty == true, "\(report)")
        #expect((object["allocation"] as? [Any])?.isEmpty == true, "\(report)")
    }

    @Test func aNegativeOrderIsRefusedByItsRangeNotTakenForAnOption() throws {
        let tool = try Self.portfolio()
        defer { tool.remove() }
        try expectRefused(tool, ["category", "add", "Bonds", "--order", "-1"], says: "from 0 to 9999")
    }

    @Test(.enabled(if: ToolProcess.canRunUnprivileged))
    func aStoreThatMayNotBeWrittenIsListedAndAChangeIsRefusedAsReadOnly() throws {
        let tool = try Self.portfolio()
        defer {
            chmod(tool.directory.path, 0o755)
            tool.remove()
        }
        let assetflow = ToolProcess("assetflow", environment: ["XDG_DATA_HOME": tool.directory.path, "TZ": "UTC"], unprivileged: true)
        // The file may not be written (another user's), then the folder it is in may not be.
        for folderOnly in [false, true] {
            chmod(tool.store, folderOnly ? 0o666 : 0o644)
            chmod(tool.directory.path, folderOnly ? 0o555 : 0o777)
            let list = try assetflow.run(["asset", "list", "--store", tool.store])
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("World ETF"))
            let input = BadInput("read-only", ["category", "add", "Bonds", "--store", tool.store], says: "is read-only")
            #expect(try Refusal.problems(running: assetflow, input.arguments, for: input, store: tool.store) == [])
        }
    }
}
