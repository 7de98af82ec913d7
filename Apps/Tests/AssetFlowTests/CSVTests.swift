import AssetFlow
import Foundation
import SwiftData
import Testing

@Suite struct CSVTests {
    @Test("a snapshot's values go out as CSV and come back the same, awkward names included")
    func roundTrip() throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.addAsset(named: "Fund, \"Growth\"", platform: "Bank", currency: "USD")
        try portfolio.addAsset(named: "Bond", currency: "EUR")
        try portfolio.setValue(dec("1234.56789"), of: "Fund, \"Growth\"", platform: "Bank", on: day)
        try portfolio.setValue(dec("-0.01"), of: "Bond", on: day)
        let csv = SnapshotCSV.format(try portfolio.exportValues(on: day))
        #expect(csv.hasPrefix("asset,platform,currency,value\r\n\"Fund, \"\"Growth\"\"\",Bank,USD,1234.56789\r\n"))

        let other = try makePortfolio()
        try other.createSnapshot(on: other.day("2026-01-31"))
        let result = try other.importValues(try SnapshotCSV.parse(csv), on: other.day("2026-01-31"))
        #expect(result.values == 2 && result.newAssets == 2)
        #expect(SnapshotCSV.format(try other.exportValues(on: other.day("2026-01-31"))) == csv)
    }

    @Test("a name a spreadsheet would take for a formula goes out after an apostrophe and comes back as it was")
    func formulaLikeNamesRoundTrip() throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.addAsset(named: "=1+1", platform: "@Bank", currency: "USD")
        try portfolio.setValue(dec("-3"), of: "=1+1", platform: "@Bank", on: day)
        let csv = SnapshotCSV.format(try portfolio.exportValues(on: day))
        #expect(csv == "asset,platform,currency,value\r\n'=1+1,'@Bank,USD,-3\r\n")
        let rows = try SnapshotCSV.parse(csv)
        #expect(rows.map(\.asset) == ["=1+1"] && rows.map(\.platform) == ["@Bank"])
    }

    @Test("a bad value stops the import at its line, and nothing is imported")
    func badLineImportsNothing() throws {
        let portfolio = try makePortfolio()
        try portfolio.createSnapshot(on: portfolio.day("2026-01-31"))
        let csv = "asset,platform,currency,value\nVT,,USD,100\nBND,,USD,12abc\n"
        #expect(throws: CSVError.self) { try portfolio.importValues(try SnapshotCSV.parse(csv), on: portfolio.day("2026-01-31")) }
        do {
            _ = try SnapshotCSV.parse(csv)
        } catch let error as CSVError {
            #expect(error.localizedDescription.hasPrefix("Line 3:"))
        }
        #expect(try portfolio.assets().isEmpty)
    }

    @Test("a currency that contradicts the asset's stops the import at its line, and nothing changes")
    func currencyMismatchImportsNothing() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "VT", currency: "USD")
        try portfolio.createSnapshot(on: portfolio.day("2026-01-31"))
        let rows = try SnapshotCSV.parse("asset,platform,currency,value\nNew,,USD,5\nvt,,TWD,100\n")
        #expect(throws: CSVError.invalid(line: 3, reason: "'VT' is held in USD, not TWD")) {
            try portfolio.importValues(rows, on: portfolio.day("2026-01-31"))
        }
        #expect(try portfolio.assets().map(\.name) == ["VT"])
        #expect(try portfolio.exportValues(on: portfolio.day("2026-01-31")).isEmpty)
    }

    /// A currency another program stored in small letters (`usd`): the report values it as
    /// USD, and the export wrote it so, but the import into the same store refused the file,
    /// "held in usd, not USD".
    @Test func anExportOfAnAssetWhoseCurrencyIsStoredInSmallLettersImportsBackIntoTheSameStore() throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.addAsset(named: "VT", currency: "USD")
        try portfolio.setValue(dec("100"), of: "VT", on: day)
        for asset in try portfolio.assets() { asset.currency = "usd" }
        try portfolio.context.save()
        let rows = try SnapshotCSV.parse(SnapshotCSV.format(try portfolio.exportValues(on: day)))
        #expect(try portfolio.importValues(rows, on: day).values == 1)
    }

    /// A currency another program stored with a space (` USD`): the export wrote it so, and the
    /// import into the same store refused the file, "held in  USD, not USD".
    @Test(arguments: [" USD", "USD ", " usd "])
    func anExportOfAnAssetWhoseCurrencyIsStoredWithSpacesImportsBackIntoTheSameStore(stored: String) throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.addAsset(named: "VT", currency: "USD")
        try portfolio.setValue(dec("100"), of: "VT", on: day)
        for asset in try portfolio.assets() { asset.currency = stored }
        try portfolio.context.save()
        let rows = try SnapshotCSV.parse(SnapshotCSV.format(try portfolio.exportValues(on: day)))
        #expect(try portfolio.importValues(rows, on: day).values == 1)
    }

    @Test("a file with the wrong header or field count says which line and what it needs")
    func malformedFiles() throws {
        #expect(throws: CSVError.badHeader(found: "name,value")) { try SnapshotCSV.parse("name,value\nA,1\n") }
        #expect(throws: CSVError.wrongFieldCount(line: 2, count: 3)) { try SnapshotCSV.parse("asset,platform,currency,value\nA,,USD\n") }
        #expect(throws: CSVError.empty) { try SnapshotCSV.parse("") }
    }

    @Test func twoAssetsWhoseNamesDifferOnlyInHowAnAccentIsEncodedAreSaidToLookTheSame() throws {
        let portfolio = try makePortfolio()
        try portfolio.createSnapshot(on: portfolio.day("2026-01-31"))
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        let rows = try SnapshotCSV.parse("asset,platform,currency,value\n\(composed),,USD,5\n\(decomposed),,USD,7\n")
        let error = #expect(throws: CSVError.self) { try portfolio.importValues(rows, on: portfolio.day("2026-01-31")) }
        let said = error?.localizedDescription ?? ""
        #expect(said.contains("is already on line 2"), "\(said)")
        #expect(said.contains("an accent written as one character on one line and as a letter and a separate combining mark"), "\(said)")
        #expect(said.contains("Keep one of the two lines"), "\(said)")
        #expect(try portfolio.assets().isEmpty)
    }

    @Test func everyRefusalOfACSVFileSaysNothingWasImported() {
        let refusals: [CSVError] = [.empty, .noValues, .badHeader(found: "name"), .wrongFieldCount(line: 2, count: 3),
                                    .invalid(line: 2, reason: "the value is not a number"), .invalid(line: 2, reason: "A name is needed.")]
        for refusal in refusals {
            let said = refusal.localizedDescription
            #expect(said.hasSuffix(". Nothing was imported."), "\(said)")
            #expect(!said.contains(".."), "\(said)")
        }
    }
}
