import AssetFlow
import Foundation
import SwiftData
import Testing

@Suite struct DeleteRuleTests {
    @Test("deleting a category that holds assets is refused, naming them, and nothing changes")
    func categoryDenyNamesAssets() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Stocks")
        try portfolio.addAsset(named: "VT", platform: "Broker", currency: "USD", category: "Stocks")
        try portfolio.addAsset(named: "0050", currency: "TWD", category: "stocks")
        #expect(throws: CategoryError.hasAssets(category: "Stocks", assets: ["0050", "VT (Broker)"])) {
            try portfolio.deleteCategory("Stocks")
        }
        #expect(try portfolio.category(named: "Stocks").assets?.count == 2)
    }

    @Test("deleting a category with --reassign-to moves its assets first")
    func categoryDeleteReassigns() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Stocks")
        try portfolio.addCategory(named: "Equity")
        try portfolio.addAsset(named: "VT", currency: "USD", category: "Stocks")
        try portfolio.deleteCategory("Stocks", reassigningTo: "Equity")
        #expect(try portfolio.categories().map(\.name) == ["Equity"])
        #expect(try portfolio.asset(named: "VT").category?.name == "Equity")
    }

    @Test("deleting an asset with recorded values is refused, naming the snapshots")
    func assetDenyNamesSnapshots() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "VT", currency: "USD")
        try portfolio.createSnapshot(on: portfolio.day("2026-01-31"))
        try portfolio.setValue(100, of: "VT", on: portfolio.day("2026-01-31"))
        #expect(throws: AssetError.hasValues(asset: "VT", snapshots: ["2026-01-31"])) { try portfolio.deleteAsset(named: "VT") }
        try portfolio.removeValue(of: "VT", on: portfolio.day("2026-01-31"))
        try portfolio.deleteAsset(named: "VT")
        #expect(try portfolio.assets().isEmpty)
    }

    @Test("deleting an asset removes it from its category (nullify)")
    func assetDeleteNullifiesCategory() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Cash")
        try portfolio.addAsset(named: "Savings", currency: "USD", category: "Cash")
        try portfolio.deleteAsset(named: "Savings")
        #expect(try portfolio.category(named: "Cash").assets?.isEmpty == true)
        try portfolio.deleteCategory("Cash")
    }

    @Test("deleting a snapshot deletes its values, cash flows and exchange rate (cascade)")
    func snapshotCascades() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "VT", currency: "USD")
        let day = portfolio.day("2026-01-31")
        try portfolio.createSnapshot(on: day)
        try portfolio.setValue(100, of: "VT", on: day)
        try portfolio.addCashFlow("Deposit", amount: 50, on: day)
        try portfolio.setRates(on: day, base: "USD", rates: ["TWD": dec("32.5")])
        try portfolio.deleteSnapshot(on: day)
        let context = portfolio.context
        #expect(try context.fetchCount(FetchDescriptor<SnapshotAssetValue>()) == 0)
        #expect(try context.fetchCount(FetchDescriptor<CashFlowOperation>()) == 0)
        #expect(try context.fetchCount(FetchDescriptor<ExchangeRate>()) == 0)
        #expect(try portfolio.asset(named: "VT").snapshotAssetValues?.isEmpty == true)
    }
}

/// Asset and category names are compared as every tool compares names (`NameText`).
@Suite struct NameComparisonTests {
    @Test func anAssetSpelledWithADecomposedAccentIsTheComposedOne() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "Caf\u{E9}", currency: "USD")
        #expect(throws: AssetError.duplicateIdentity(name: "Caf\u{E9}", platform: "")) {
            try portfolio.addAsset(named: "Cafe\u{301}", currency: "USD")
        }
    }

    @Test func aCategoryNamedWithADoubleSIsTheOneNamedWithASharpS() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Straße")
        #expect(try portfolio.category(named: "STRASSE").name == "Straße")
    }
}
