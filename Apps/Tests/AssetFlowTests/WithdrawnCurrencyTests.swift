import AssetFlow
import Foundation
import SwiftData
import Testing

/// New assets take only the ISO 4217 codes in use, but an asset that already holds a
/// withdrawn one (kuna, until 2023) is still valued: its code stays usable for rates and reports.
@Suite struct WithdrawnCurrencyTests {
    @Test func aCurrencyAnAssetAlreadyHoldsStillTakesARateAndAReport() throws {
        let portfolio = try makePortfolio()
        let kuna = Asset(name: "Savings", platform: "", currency: "HRK")
        portfolio.context.insert(kuna)
        try portfolio.context.save()
        let day = portfolio.day("2022-12-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.setValue(750, of: "Savings", on: day)
        try portfolio.setRates(on: day, base: "USD", rates: ["HRK": dec("7.5")])
        #expect(try portfolio.valuation(on: day, in: "USD").total == 100)
        #expect(try portfolio.valuation(on: day, in: "hrk").total == 750)
    }

    @Test func aNewAssetInAWithdrawnCurrencyIsRefused() throws {
        let portfolio = try makePortfolio()
        #expect(throws: AssetError.unknownCurrency("HRK")) { try portfolio.addAsset(named: "Savings", currency: "HRK") }
    }
}
