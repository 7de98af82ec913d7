import AssetFlow
import Foundation
import SwiftData
import Testing

@Suite struct ValuationTests {
    @Test("a cross rate converts through the base currency exactly")
    func crossRate() throws {
        let rates = ExchangeRate(baseCurrency: "USD", ratesJSON: try JSONEncoder().encode(["twd": 32.5, "eur": 0.92]), fetchDate: .now)
        // 100 EUR = 100 / 0.92 USD = 100 / 0.92 * 32.5 TWD
        #expect(try rates.convert(value: 100, from: "EUR", to: "TWD") == dec("100") / dec("0.92") * dec("32.5"))
        #expect(try rates.convert(value: 65, from: "twd", to: "usd") == 2)
    }

    @Test("converting a currency the rates do not know is an error naming it and the known ones")
    func unknownCurrency() throws {
        let rates = ExchangeRate(baseCurrency: "usd", ratesJSON: try JSONEncoder().encode(["twd": 32.5]), fetchDate: .now)
        #expect(throws: CurrencyError.unknownCurrency("JPY", known: ["TWD", "USD"])) { try rates.convert(value: 1, from: "JPY", to: "USD") }
    }

    @Test("a snapshot's total sums decimals without rounding drift")
    func totalsAreExact() throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        for (index, value) in ["0.1", "0.2", "1234567890123.45", "0.01"].enumerated() {
            try portfolio.addAsset(named: "A\(index)", currency: "USD")
            try portfolio.setValue(dec(value), of: "A\(index)", on: day)
        }
        #expect(try portfolio.valuation(on: day, in: "USD").total == dec("1234567890123.76"))
    }

    @Test("a snapshot in two currencies without rates cannot be valued, and says how to fix it")
    func missingRates() throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.addAsset(named: "VT", currency: "USD")
        try portfolio.addAsset(named: "0050", currency: "TWD")
        try portfolio.setValue(10, of: "VT", on: day)
        try portfolio.setValue(10, of: "0050", on: day)
        #expect(throws: SnapshotError.noRates(snapshot: "2026-01-31", base: "USD", others: ["TWD"])) {
            try portfolio.valuation(on: day, in: "USD")
        }
    }

    /// The words named TWD whatever the snapshot held, and USD as the base whatever the report's currency.
    @Test func theRatesASnapshotLacksAreNamedForEachCurrencyItHoldsAgainstTheReportsCurrency() throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        for (name, currency) in [("VT", "USD"), ("Gold", "XAU"), ("Bund", "EUR")] {
            try portfolio.addAsset(named: name, currency: currency)
            try portfolio.setValue(10, of: name, on: day)
        }
        let error = #expect(throws: SnapshotError.self) { try portfolio.valuation(on: day, in: "EUR") }
        #expect(error?.errorDescription == "The snapshot of 2026-01-31 holds values in EUR, USD and XAU but has no exchange rates. "
                + "Set them with `assetflow snapshot rates 2026-01-31 --base EUR --rate USD=UNITS --rate XAU=UNITS`, "
                + "UNITS being how many of each one EUR buys.")
    }

    /// A currency another program stored with a space (` USD`): the report stopped, "There is
    /// no exchange rate for  USD", and said to add a rate for it.
    @Test(arguments: [" USD", "USD ", " usd "])
    func anAssetWhoseCurrencyIsStoredWithSpacesIsValuedAsThatCurrency(stored: String) throws {
        let portfolio = try makePortfolio()
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.addAsset(named: "VT", currency: "USD")
        try portfolio.addAsset(named: "0050", currency: "TWD")
        try portfolio.setRates(on: day, base: "USD", rates: ["TWD": dec("32")])
        try portfolio.setValue(100, of: "VT", on: day)
        try portfolio.setValue(3200, of: "0050", on: day)
        for asset in try portfolio.assets() where asset.name == "VT" { asset.currency = stored }
        try portfolio.context.save()
        #expect(try portfolio.valuation(on: day, in: "TWD").total == 6400)
        #expect(try portfolio.valuation(on: day, in: "USD").total == 200)
    }

    @Test("allocation by category against targets, with the drift, computed by hand")
    func allocationAndDrift() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Stocks", target: 60)
        try portfolio.addCategory(named: "Bonds", target: 40)
        try portfolio.addAsset(named: "VT", currency: "USD", category: "Stocks")
        try portfolio.addAsset(named: "0050", currency: "TWD", category: "Stocks")
        try portfolio.addAsset(named: "BND", currency: "USD", category: "Bonds")
        try portfolio.addAsset(named: "Loose", currency: "USD")
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.setRates(on: day, base: "USD", rates: ["TWD": dec("32")])
        try portfolio.setValue(5000, of: "VT", on: day)
        try portfolio.setValue(64000, of: "0050", on: day)   // 2,000 USD
        try portfolio.setValue(2500, of: "BND", on: day)
        try portfolio.setValue(500, of: "Loose", on: day)
        let valuation = try portfolio.valuation(on: day, in: "USD")
        #expect(valuation.total == 10000)
        #expect(valuation.allocation.map(\.category) == ["Stocks", "Bonds", "Uncategorized"])
        #expect(valuation.allocation.map(\.value) == [7000, 2500, 500])
        #expect(valuation.allocation.map(\.percentage) == [70, 25, 5])
        #expect(valuation.allocation.map(\.drift) == [10, -15, nil])
    }

    /// A report values every snapshot of its range at once, fetching the categories once.
    @Test func theValuationsOfManySnapshotsAreEachDaysOwnValuation() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Stocks", target: 60)
        try portfolio.addCategory(named: "Bonds", target: 40)
        try portfolio.addAsset(named: "VT", currency: "USD", category: "Stocks")
        try portfolio.addAsset(named: "0050", currency: "TWD", category: "Stocks")
        try portfolio.addAsset(named: "Loose", currency: "USD")
        let days = ["2026-01-31", "2026-02-28", "2026-03-31"].map(portfolio.day)
        for (index, day) in days.enumerated() {
            try portfolio.createSnapshot(on: day)
            guard index > 0 else { continue }   // the first snapshot values nothing
            try portfolio.setRates(on: day, base: "USD", rates: ["TWD": dec("32")])
            try portfolio.setValue(dec("1000.10") * Decimal(index), of: "VT", on: day)
            try portfolio.setValue(dec("3200.32"), of: "0050", on: day)
            try portfolio.setValue(dec("0.01"), of: "Loose", on: day)
        }
        let valuations = try portfolio.valuations(of: portfolio.snapshots(), in: "USD")
        #expect(valuations == (try days.map { try portfolio.valuation(on: $0, in: "USD") }))
        #expect(valuations.map(\.total) == [0, dec("1100.12"), dec("2100.22")])
        #expect(valuations[1].allocation.map(\.category) == ["Stocks", "Uncategorized", "Bonds"])
    }

    @Test("the Modified Dietz return of two snapshots with a cash flow in between, computed by hand")
    func modifiedDietz() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "VT", currency: "USD")
        for (day, value) in [("2026-01-01", "1000"), ("2026-01-11", "1600"), ("2026-01-31", "1700")] {
            try portfolio.createSnapshot(on: portfolio.day(day))
            try portfolio.setValue(dec(value), of: "VT", on: portfolio.day(day))
        }
        try portfolio.addCashFlow("Deposit", amount: 500, on: portfolio.day("2026-01-11"))
        try portfolio.addCashFlow("Before the period", amount: 999, on: portfolio.day("2026-01-01"))
        let result = try portfolio.periodReturn(in: "USD")
        // V0 1000, V1 1700, F 500 on day 10 of 30: w = 20/30.
        // R = (1700 − 1000 − 500) / (1000 + 500 × 20/30) = 200 / 1333.33… = 0.15
        #expect(result.netCashFlow == 500)
        #expect(result.gain == 200)
        let expected = dec("200") / (dec("1000") + dec("500") * dec("20") / dec("30"))
        #expect(result.rate == expected)
        #expect(abs(NSDecimalNumber(decimal: result.rate ?? 0).doubleValue - 0.15) < 1e-12)
    }
}
