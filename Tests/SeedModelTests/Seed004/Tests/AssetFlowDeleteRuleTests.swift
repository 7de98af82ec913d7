import Foundation
import SwiftData
import Testing

/// Category -> assets `.deny`; Asset -> category `.nullify`; Asset -> values `.deny`;
/// Snapshot -> values, cash flows and exchange rate `.cascade`.
@Suite struct AssetFlowDeleteRuleTests {
    typealias S = AssetFlowStore

    /// Category "Stocks" with AAPL and VTI; a snapshot of day 5 valuing both, with a
    /// cash flow and an exchange rate. Saved.
    struct Portfolio {
        let container: ModelContainer
        let context: ModelContext
        let stocks: Category
        let apple: Asset
        let vti: Asset
        let snapshot: Snapshot

        init() throws {
            container = try S.inMemory()
            context = ModelContext(container)
            stocks = Category(name: "Stocks")
            context.insert(stocks)
            apple = Asset(name: "AAPL", platform: "Schwab", category: stocks)
            vti = Asset(name: "VTI", platform: "Schwab", category: stocks)
            snapshot = Snapshot(date: S.date(day: 5))
            context.insert(snapshot)
            _ = SnapshotAssetValue(marketValue: S.decimal("1000.10"), snapshot: snapshot, asset: apple)
            _ = SnapshotAssetValue(marketValue: S.decimal("2000.20"), snapshot: snapshot, asset: vti)
            _ = CashFlowOperation(cashFlowDescription: "Deposit", amount: 500, snapshot: snapshot)
            snapshot.exchangeRate = ExchangeRate(baseCurrency: "usd", ratesJSON: S.ratesJSON(["twd": 32]), fetchDate: S.date(day: 5))
            try context.save()
        }

        func count<T: PersistentModel>(_ type: T.Type) throws -> Int {
            try ModelContext(container).fetchCount(FetchDescriptor<T>())
        }
    }

    @Test func deletingACategoryThatHasAssetsIsDenied() throws {
        let portfolio = try Portfolio()
        portfolio.context.delete(portfolio.stocks)
        let error = #expect(throws: OpenSwiftDataError.self) { try portfolio.context.save() }
        #expect(error == .deleteDenied(entity: "Category", relationship: "assets", relatedCount: 2))

        let fresh = ModelContext(portfolio.container)
        let categories = try fresh.fetch(FetchDescriptor<Category>())
        #expect(categories.map(\.name) == ["Stocks"])
        #expect(categories.first?.assets?.map(\.name) == ["AAPL", "VTI"])
    }

    @Test func aDeniedDeleteWritesNoneOfTheSavesOtherChanges() throws {
        let portfolio = try Portfolio()
        portfolio.context.insert(Category(name: "Bonds"))
        portfolio.apple.currency = "USD"
        portfolio.context.delete(portfolio.stocks)
        #expect(throws: OpenSwiftDataError.self) { try portfolio.context.save() }

        let fresh = ModelContext(portfolio.container)
        #expect(try fresh.fetch(FetchDescriptor<Category>()).map(\.name) == ["Stocks"])
        #expect(try fresh.fetch(FetchDescriptor<Asset>(sortBy: [SortDescriptor(\.name)])).map(\.currency) == ["", ""])
    }

    @Test func aDeniedDeleteCanBeRolledBackAndTheContextSavesAgain() throws {
        let portfolio = try Portfolio()
        portfolio.context.delete(portfolio.stocks)
        #expect(throws: OpenSwiftDataError.self) { try portfolio.context.save() }
        portfolio.context.rollback()
        #expect(!portfolio.stocks.isDeleted)

        portfolio.stocks.displayOrder = 4
        try portfolio.context.save()
        #expect(try ModelContext(portfolio.container).fetch(FetchDescriptor<Category>()).map(\.displayOrder) == [4])
    }

    @Test func deletingACategoryAfterReassigningItsAssetsSucceeds() throws {
        let portfolio = try Portfolio()
        let equities = Category(name: "Equities")
        portfolio.context.insert(equities)
        portfolio.apple.category = equities
        portfolio.vti.category = nil
        portfolio.context.delete(portfolio.stocks)
        try portfolio.context.save()

        let fresh = ModelContext(portfolio.container)
        #expect(try fresh.fetch(FetchDescriptor<Category>()).map(\.name) == ["Equities"])
        let assets = try fresh.fetch(FetchDescriptor<Asset>(sortBy: [SortDescriptor(\.name)]))
        #expect(assets.map { $0.category?.name } == ["Equities", nil])
    }

    @Test func deletingAnAssetRemovesItFromItsCategory() throws {
        let portfolio = try Portfolio()
        // The asset's values would deny its deletion; they go first.
        for value in portfolio.apple.snapshotAssetValues ?? [] { portfolio.context.delete(value) }
        portfolio.context.delete(portfolio.apple)
        try portfolio.context.save()
        #expect(portfolio.stocks.assets?.map(\.name) == ["VTI"])

        let fresh = ModelContext(portfolio.container)
        #expect(try fresh.fetch(FetchDescriptor<Category>()).first?.assets?.map(\.name) == ["VTI"])
        #expect(try fresh.fetch(FetchDescriptor<Asset>()).map(\.name) == ["VTI"])
    }

    @Test func deletingAnAssetThatHasValuesIsDenied() throws {
        let portfolio = try Portfolio()
        portfolio.context.delete(portfolio.apple)
        let error = #expect(throws: OpenSwiftDataError.self) { try portfolio.context.save() }
        #expect(error == .deleteDenied(entity: "Asset", relationship: "snapshotAssetValues", relatedCount: 1))

        let fresh = ModelContext(portfolio.container)
        #expect(try fresh.fetch(FetchDescriptor<Asset>(sortBy: [SortDescriptor(\.name)])).map(\.name) == ["AAPL", "VTI"])
        #expect(try fresh.fetchCount(FetchDescriptor<SnapshotAssetValue>()) == 2)
        #expect(try fresh.fetch(FetchDescriptor<Category>()).first?.assets?.count == 2)
    }

    @Test func deletingASnapshotDeletesItsValuesCashFlowsAndExchangeRate() throws {
        let portfolio = try Portfolio()
        portfolio.context.delete(portfolio.snapshot)
        try portfolio.context.save()
        #expect(portfolio.apple.snapshotAssetValues?.isEmpty == true)

        #expect(try portfolio.count(Snapshot.self) == 0)
        #expect(try portfolio.count(SnapshotAssetValue.self) == 0)
        #expect(try portfolio.count(CashFlowOperation.self) == 0)
        #expect(try portfolio.count(ExchangeRate.self) == 0)
        let readContext = ModelContext(portfolio.container)
        let assets = try readContext.fetch(FetchDescriptor<Asset>(sortBy: [SortDescriptor(\.name)]))
        #expect(assets.map(\.name) == ["AAPL", "VTI"])
        #expect(assets.map { $0.snapshotAssetValues?.count } == [0, 0])
    }

    @Test func deletingASnapshotThenTheAssetInOneSaveSucceeds() throws {
        let portfolio = try Portfolio()
        // The cascade takes the asset's only value, so nothing is left to deny.
        portfolio.context.delete(portfolio.snapshot)
        portfolio.context.delete(portfolio.apple)
        try portfolio.context.save()

        let fresh = ModelContext(portfolio.container)
        #expect(try fresh.fetch(FetchDescriptor<Asset>()).map(\.name) == ["VTI"])
        #expect(try fresh.fetch(FetchDescriptor<Category>()).first?.assets?.map(\.name) == ["VTI"])
    }

    @Test func deletingAValueRemovesItFromItsSnapshotAndAsset() throws {
        let portfolio = try Portfolio()
        let value = try #require(portfolio.apple.snapshotAssetValues?.first)
        portfolio.context.delete(value)
        try portfolio.context.save()
        #expect(portfolio.apple.snapshotAssetValues?.isEmpty == true)
        #expect(portfolio.snapshot.assetValues?.map { $0.asset?.name } == ["VTI"])

        let fresh = ModelContext(portfolio.container)
        #expect(try fresh.fetch(FetchDescriptor<Snapshot>()).first?.assetValues?.map { $0.asset?.name } == ["VTI"])
        #expect(try fresh.fetch(FetchDescriptor<Asset>(predicate: #Predicate { $0.name == "AAPL" })).first?.snapshotAssetValues?.count == 0)
    }

    @Test func deletingAnExchangeRateLeavesTheSnapshotWithoutOne() throws {
        let portfolio = try Portfolio()
        let rate = try #require(portfolio.snapshot.exchangeRate)
        portfolio.context.delete(rate)
        try portfolio.context.save()
        #expect(portfolio.snapshot.exchangeRate == nil)

        let fresh = ModelContext(portfolio.container)
        let snapshot = try #require(try fresh.fetch(FetchDescriptor<Snapshot>()).first)
        #expect(snapshot.exchangeRate == nil)
        #expect(snapshot.cashFlowOperations?.count == 1)
    }

    @Test func deletingACategoryFetchedInAFreshContextIsDeniedForAssetsItNeverLoaded() throws {
        let portfolio = try Portfolio()
        let fresh = ModelContext(portfolio.container)
        fresh.delete(try #require(try fresh.fetch(FetchDescriptor<Category>()).first))
        let error = #expect(throws: OpenSwiftDataError.self) { try fresh.save() }
        #expect(error == .deleteDenied(entity: "Category", relationship: "assets", relatedCount: 2))
        #expect(try portfolio.count(Category.self) == 1)
    }

    @Test func deletingASnapshotFetchedInAFreshContextDeletesChildrenItNeverLoaded() throws {
        let portfolio = try Portfolio()
        let fresh = ModelContext(portfolio.container)
        fresh.delete(try #require(try fresh.fetch(FetchDescriptor<Snapshot>()).first))
        try fresh.save()
        #expect(try portfolio.count(SnapshotAssetValue.self) == 0)
        #expect(try portfolio.count(CashFlowOperation.self) == 0)
        #expect(try portfolio.count(ExchangeRate.self) == 0)
        #expect(try portfolio.count(Asset.self) == 2)
    }
}
