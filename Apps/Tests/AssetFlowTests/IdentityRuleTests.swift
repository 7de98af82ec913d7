import AssetFlow
import Foundation
import SwiftData
import Testing

@Suite struct IdentityRuleTests {
    @Test("a category name that differs only in case and spacing is refused by name")
    func categoryNamesIgnoreCaseAndSpacing() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Real Estate")
        #expect(throws: CategoryError.duplicateName("Real Estate")) { try portfolio.addCategory(named: "  real    ESTATE ") }
        #expect(try portfolio.categories().count == 1)
    }

    /// Was taken, and the report then showed two rows "Uncategorized" (in `report --json`
    /// too), the category's and that of the assets in no category.
    @Test func aCategoryCannotTakeTheNameTheReportGivesAssetsInNoCategory() throws {
        let portfolio = try makePortfolio()
        #expect(throws: CategoryError.reservedName("uncategorized")) { try portfolio.addCategory(named: " uncategorized ") }
        try portfolio.addCategory(named: "Stocks")
        #expect(throws: CategoryError.reservedName("UNCATEGORIZED")) { try portfolio.renameCategory("Stocks", to: "UNCATEGORIZED") }
        #expect(try portfolio.categories().map(\.name) == ["Stocks"])
    }

    @Test("category names compare Unicode case-insensitively")
    func categoryNamesCompareUnicode() throws {
        let portfolio = try makePortfolio()
        try portfolio.addCategory(named: "Épargne")
        #expect(throws: CategoryError.self) { try portfolio.addCategory(named: "ÉPARGNE") }
        try portfolio.addCategory(named: "Epargne")
        #expect(try portfolio.categories().count == 2, "an accent is part of the name")
    }

    @Test("an asset is its normalised name and platform: hostile spacing and case find the same asset")
    func assetIdentityIsNormalised() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "World ETF", platform: "Interactive Brokers", currency: "USD")
        #expect(throws: AssetError.duplicateIdentity(name: "World ETF", platform: "Interactive Brokers")) {
            try portfolio.addAsset(named: " world   etf ", platform: "INTERACTIVE\u{00A0}brokers", currency: "usd")
        }
        #expect(try portfolio.asset(named: "WORLD ETF", platform: " interactive brokers").name == "World ETF")
    }

    @Test("the same name on another platform is another asset")
    func platformIsPartOfIdentity() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "Gold", platform: "Bank", currency: "USD")
        try portfolio.addAsset(named: "Gold", currency: "USD")
        #expect(try portfolio.assets().count == 2)
    }

    @Test("names are stored trimmed with inner whitespace collapsed, case kept")
    func namesAreStoredTidy() throws {
        let portfolio = try makePortfolio()
        let asset = try portfolio.addAsset(named: "  Taiwan    50 ", platform: " Cathay ", currency: "twd")
        #expect(asset.name == "Taiwan 50")
        #expect(asset.platform == "Cathay")
        #expect(asset.currency == "TWD")
    }

    @Test("renaming a platform onto an existing asset's identity is refused with a PlatformError")
    func platformRenameCollision() throws {
        let portfolio = try makePortfolio()
        try portfolio.addAsset(named: "Cash", platform: "Old Bank", currency: "USD")
        try portfolio.addAsset(named: "cash", platform: "New Bank", currency: "USD")
        #expect(throws: PlatformError.renameCollides(from: "old bank", to: "NEW BANK", asset: "cash")) {
            try portfolio.renamePlatform("old bank", to: "NEW BANK")
        }
        #expect(try portfolio.asset(named: "Cash", platform: "Old Bank").platform == "Old Bank")
    }

    @Test("one snapshot per day: a second one on the same day at another hour is refused")
    func oneSnapshotPerDay() throws {
        let portfolio = try makePortfolio()
        let morning = portfolio.day("2026-03-31").addingTimeInterval(8 * 3600)
        try portfolio.createSnapshot(on: morning)
        #expect(throws: SnapshotError.alreadyExists("2026-03-31")) {
            try portfolio.createSnapshot(on: morning.addingTimeInterval(10 * 3600))
        }
        #expect(try portfolio.snapshots().map(\.date) == [portfolio.day("2026-03-31")])
    }

    @Test("a cash flow description is unique within its snapshot, ignoring case and spacing")
    func cashFlowDescriptionsAreUniquePerSnapshot() throws {
        let portfolio = try makePortfolio()
        try portfolio.createSnapshot(on: portfolio.day("2026-03-31"))
        try portfolio.createSnapshot(on: portfolio.day("2026-06-30"))
        try portfolio.addCashFlow("Salary deposit", amount: 100, on: portfolio.day("2026-03-31"))
        #expect(throws: SnapshotError.duplicateCashFlow(snapshot: "2026-03-31", description: "salary DEPOSIT")) {
            try portfolio.addCashFlow(" salary   DEPOSIT", amount: 5, on: portfolio.day("2026-03-31"))
        }
        try portfolio.addCashFlow("salary deposit", amount: 100, on: portfolio.day("2026-06-30"))
    }

    @Test("a day that does not exist is refused, not moved")
    func impossibleDaysAreRefused() throws {
        let portfolio = try makePortfolio()
        #expect(throws: SnapshotError.invalidDay("2026-02-30")) { try portfolio.days.parse("2026-02-30") }
        #expect(try portfolio.days.format(portfolio.days.parse("2028-02-29")) == "2028-02-29")
    }
}
