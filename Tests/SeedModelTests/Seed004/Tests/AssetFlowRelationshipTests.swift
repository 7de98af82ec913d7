import Foundation
import SwiftData
import Testing

/// Category.assets <-> Asset.category, Asset.snapshotAssetValues <-> SnapshotAssetValue.asset,
/// Snapshot.assetValues <-> SnapshotAssetValue.snapshot, Snapshot.cashFlowOperations <->
/// CashFlowOperation.snapshot, and the 1:1 Snapshot.exchangeRate <-> ExchangeRate.snapshot.
@Suite struct AssetFlowRelationshipTests {
    typealias S = AssetFlowStore

    @Test func givingAnAssetACategoryAddsItToTheCategorysAssets() throws {
        let context = ModelContext(try S.inMemory())
        let stocks = Category(name: "Stocks")
        context.insert(stocks)
        let asset = Asset(name: "AAPL", platform: "Schwab", category: stocks)
        #expect(stocks.assets?.first === asset)
        #expect(asset.modelContext === context)
    }

    @Test func appendingToACategorysAssetsSetsTheAssetsCategory() throws {
        let context = ModelContext(try S.inMemory())
        let stocks = Category(name: "Stocks")
        context.insert(stocks)
        let asset = Asset(name: "AAPL")
        stocks.assets?.append(asset)
        #expect(asset.category === stocks)
    }

    @Test func categoryAssetsKeepTheirOrderAndInverseInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let stocks = Category(name: "Stocks")
        context.insert(stocks)
        stocks.assets = ["VTI", "AAPL", "MSFT"].map { Asset(name: $0) }
        try context.save()

        let readContext = ModelContext(container)
        let category = try #require(try readContext.fetch(FetchDescriptor<Category>()).first)
        #expect(category.assets?.map(\.name) == ["VTI", "AAPL", "MSFT"])
        #expect(category.assets?.allSatisfy { $0.category === category } == true)
    }

    @Test func movingAnAssetToAnotherCategoryRemovesItFromTheFirst() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let stocks = Category(name: "Stocks"), bonds = Category(name: "Bonds")
        context.insert(stocks)
        context.insert(bonds)
        let asset = Asset(name: "BND", category: stocks)
        try context.save()

        asset.category = bonds
        #expect(stocks.assets?.isEmpty == true)
        #expect(bonds.assets?.first === asset)
        try context.save()

        let readContext = ModelContext(container)
        let categories = try readContext.fetch(FetchDescriptor<Category>(sortBy: [SortDescriptor(\.name)]))
        #expect(categories.map(\.name) == ["Bonds", "Stocks"])
        #expect(categories.map { $0.assets?.map(\.name) } == [["BND"], []])
    }

    @Test func aValueCreatedForASnapshotAndAssetJoinsBoth() throws {
        let context = ModelContext(try S.inMemory())
        let snapshot = Snapshot(date: S.date(day: 5))
        let asset = Asset(name: "AAPL")
        context.insert(snapshot)
        context.insert(asset)
        let value = SnapshotAssetValue(marketValue: 100, snapshot: snapshot, asset: asset)
        #expect(snapshot.assetValues?.first === value)
        #expect(asset.snapshotAssetValues?.first === value)
    }

    @Test func appendingValuesToASnapshotAndAnAssetSetsBothSides() throws {
        let context = ModelContext(try S.inMemory())
        let snapshot = Snapshot(date: S.date(day: 5))
        let asset = Asset(name: "AAPL")
        context.insert(snapshot)
        context.insert(asset)
        let value = SnapshotAssetValue(marketValue: 100)
        snapshot.assetValues?.append(value)
        asset.snapshotAssetValues?.append(value)
        #expect(value.snapshot === snapshot)
        #expect(value.asset === asset)
    }

    @Test func snapshotValuesKeepTheirOrderAndBothParentsInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(snapshot)
        let assets = ["VTI", "AAPL", "BTC"].map { Asset(name: $0) }
        for (asset, value) in zip(assets, ["300.5", "100", "42000.01"]) {
            snapshot.assetValues?.append(SnapshotAssetValue(marketValue: S.decimal(value), asset: asset))
        }
        try context.save()

        let other = ModelContext(container)
        let stored = try #require(try other.fetch(FetchDescriptor<Snapshot>()).first)
        let values = try #require(stored.assetValues)
        #expect(values.map { $0.asset?.name } == ["VTI", "AAPL", "BTC"])
        #expect(values.map(\.marketValue) == [S.decimal("300.5"), 100, S.decimal("42000.01")])
        #expect(values.allSatisfy { $0.snapshot === stored })
        #expect(values.allSatisfy { $0.asset?.snapshotAssetValues?.first === $0 })
    }

    @Test func anAssetsValuesAcrossSnapshotsKeepTheirOrderInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let asset = Asset(name: "AAPL")
        context.insert(asset)
        for day in [3, 1, 2] {
            asset.snapshotAssetValues?.append(SnapshotAssetValue(marketValue: Decimal(day), snapshot: Snapshot(date: S.date(day: day))))
        }
        try context.save()

        let readContext = ModelContext(container)
        let stored = try #require(try readContext.fetch(FetchDescriptor<Asset>()).first)
        #expect(stored.snapshotAssetValues?.map(\.marketValue) == [3, 1, 2])
        #expect(stored.snapshotAssetValues?.map { $0.snapshot?.date } == [S.date(day: 3), S.date(day: 1), S.date(day: 2)])
    }

    @Test func cashFlowsKeepTheirOrderAndSnapshotInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(snapshot)
        let salary = CashFlowOperation(cashFlowDescription: "Salary", amount: 5000, snapshot: snapshot)
        #expect(snapshot.cashFlowOperations?.first === salary)
        let rent = CashFlowOperation(cashFlowDescription: "Rent", amount: -1500)
        snapshot.cashFlowOperations?.append(rent)
        #expect(rent.snapshot === snapshot)
        try context.save()

        let readContext = ModelContext(container)
        let stored = try #require(try readContext.fetch(FetchDescriptor<Snapshot>()).first)
        #expect(stored.cashFlowOperations?.map(\.cashFlowDescription) == ["Salary", "Rent"])
        #expect(stored.cashFlowOperations?.allSatisfy { $0.snapshot === stored } == true)
    }

    @Test func settingASnapshotsExchangeRateSetsTheRatesSnapshot() throws {
        let context = ModelContext(try S.inMemory())
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(snapshot)
        let rate = ExchangeRate(baseCurrency: "usd", ratesJSON: S.ratesJSON(["twd": 32]), fetchDate: S.date(day: 5))
        snapshot.exchangeRate = rate
        #expect(rate.snapshot === snapshot)
        #expect(rate.modelContext === context)
    }

    @Test func settingARatesSnapshotSetsTheSnapshotsExchangeRate() throws {
        let context = ModelContext(try S.inMemory())
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(snapshot)
        let rate = ExchangeRate(baseCurrency: "usd", ratesJSON: S.ratesJSON(["twd": 32]), fetchDate: S.date(day: 5))
        rate.snapshot = snapshot
        #expect(snapshot.exchangeRate === rate)
    }

    @Test func exchangeRateIsReachableFromBothSidesInAnotherContext() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(snapshot)
        snapshot.exchangeRate = ExchangeRate(baseCurrency: "usd", ratesJSON: S.ratesJSON(["twd": 32]), fetchDate: S.date(day: 5))
        try context.save()

        let other = ModelContext(container)
        let stored = try #require(try other.fetch(FetchDescriptor<Snapshot>()).first)
        #expect(stored.exchangeRate?.rates == ["twd": 32])
        #expect(stored.exchangeRate?.snapshot === stored)
        let readContext = ModelContext(container)
        let rate = try #require(try readContext.fetch(FetchDescriptor<ExchangeRate>()).first)
        #expect(rate.snapshot?.date == S.date(day: 5))
    }

    @Test func replacingAnExchangeRateDetachesTheOldOne() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(snapshot)
        let old = ExchangeRate(baseCurrency: "usd", ratesJSON: S.ratesJSON(["twd": 31]), fetchDate: S.date(day: 4), isFallback: true)
        snapshot.exchangeRate = old
        try context.save()

        let new = ExchangeRate(baseCurrency: "usd", ratesJSON: S.ratesJSON(["twd": 32]), fetchDate: S.date(day: 5))
        snapshot.exchangeRate = new
        #expect(old.snapshot == nil)
        #expect(new.snapshot === snapshot)
        try context.save()

        let other = ModelContext(container)
        let rates = try other.fetch(FetchDescriptor<ExchangeRate>(sortBy: [SortDescriptor(\.fetchDate)]))
        #expect(rates.map(\.isFallback) == [true, false])
        #expect(rates.map { $0.snapshot == nil } == [true, false])
        #expect(try other.fetch(FetchDescriptor<Snapshot>()).first?.exchangeRate === rates.last)
    }
}
