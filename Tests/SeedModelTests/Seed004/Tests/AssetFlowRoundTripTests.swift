import Foundation
import SwiftData
import Testing

/// Every attribute type AssetFlow uses, saved to a file and read back by a new container
/// on the same file. Money is `Decimal` and must come back exactly.
@Suite struct AssetFlowRoundTripTests {
    typealias S = AssetFlowStore

    @Test(arguments: ["9.99", "0.1", "-1234.56", "0", "1000000", "98765432109876543210.987654321", "-0.000001"])
    func marketValuesSurviveReopeningExactly(_ text: String) throws {
        let store = try TemporaryStore()
        let value = S.decimal(text)
        do {
            let context = ModelContext(try S.file(store))
            context.insert(SnapshotAssetValue(marketValue: value, snapshot: Snapshot(date: S.date(day: 5)), asset: Asset(name: "X")))
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let stored = try readContext.fetch(FetchDescriptor<SnapshotAssetValue>())
        #expect(stored.map(\.marketValue) == [value])
        #expect(stored.first?.marketValue.description == value.description)
    }

    @Test func categoryAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let category = Category(name: "Stocks", targetAllocationPercentage: S.decimal("33.33"), displayOrder: 2)
        let unset = Category(name: "Cash")
        do {
            let context = ModelContext(try S.file(store))
            context.insert(category)
            context.insert(unset)
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let stored = try readContext.fetch(FetchDescriptor<Category>(sortBy: [SortDescriptor(\.name, order: .reverse)]))
        #expect(stored.map(\.id) == [category.id, unset.id])
        #expect(stored.map(\.name) == ["Stocks", "Cash"])
        #expect(stored.map(\.targetAllocationPercentage) == [S.decimal("33.33"), nil])
        #expect(stored.map(\.displayOrder) == [2, 0])
    }

    @Test func assetAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let asset = Asset(name: "台積電 2330", platform: "Fubon Securities", currency: "TWD")
        do {
            let context = ModelContext(try S.file(store))
            context.insert(asset)
            context.insert(Asset(name: "Defaults"))
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let stored = try readContext.fetch(FetchDescriptor<Asset>(sortBy: [SortDescriptor(\.currency, order: .reverse)]))
        #expect(stored.map(\.id).first == asset.id)
        #expect(stored.map(\.name) == ["台積電 2330", "Defaults"])
        #expect(stored.map(\.platform) == ["Fubon Securities", ""])
        #expect(stored.map(\.currency) == ["TWD", ""])
    }

    @Test func snapshotAndCashFlowAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let snapshot = Snapshot(date: S.date(day: 5, hour: 13))
        let flow = CashFlowOperation(cashFlowDescription: "Withdrawal", amount: S.decimal("-2500.75"), currency: "USD",
                                     snapshot: snapshot)
        do {
            let context = ModelContext(try S.file(store))
            context.insert(snapshot)
            try context.save()
        }

        let context = ModelContext(try S.file(store))
        let storedSnapshot = try #require(try context.fetch(FetchDescriptor<Snapshot>()).first)
        #expect(storedSnapshot.id == snapshot.id)
        #expect(storedSnapshot.date == S.date(day: 5))
        #expect(storedSnapshot.createdAt == snapshot.createdAt)
        let storedFlow = try #require(storedSnapshot.cashFlowOperations?.first)
        #expect(storedFlow.id == flow.id)
        #expect(storedFlow.cashFlowDescription == "Withdrawal")
        #expect(storedFlow.amount == S.decimal("-2500.75"))
        #expect(storedFlow.currency == "USD")
    }

    @Test func exchangeRateAttributesSurviveReopening() throws {
        let store = try TemporaryStore()
        let json = S.ratesJSON(["twd": 32.5, "eur": 0.5, "jpy": 150.25])
        let rate = ExchangeRate(baseCurrency: "USD", ratesJSON: json, fetchDate: S.date(day: 5, hour: 9, minute: 30), isFallback: true)
        do {
            let context = ModelContext(try S.file(store))
            let snapshot = Snapshot(date: S.date(day: 5))
            context.insert(snapshot)
            snapshot.exchangeRate = rate
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let stored = try #require(try readContext.fetch(FetchDescriptor<ExchangeRate>()).first)
        #expect(stored.baseCurrency == "usd")
        #expect(stored.ratesJSON == json)
        #expect(stored.rates == ["twd": 32.5, "eur": 0.5, "jpy": 150.25])
        #expect(stored.fetchDate == S.date(day: 5, hour: 9, minute: 30))
        #expect(stored.isFallback == true)
        #expect(stored.snapshot?.date == S.date(day: 5))
    }

    @Test func theWholePortfolioGraphSurvivesReopening() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            let stocks = Category(name: "Stocks")
            context.insert(stocks)
            let assets = ["AAPL", "VTI"].map { Asset(name: $0, category: stocks) }
            for day in [1, 2] {
                let snapshot = Snapshot(date: S.date(day: day))
                context.insert(snapshot)
                for asset in assets {
                    _ = SnapshotAssetValue(marketValue: Decimal(day * 100) + S.decimal("0.01"), snapshot: snapshot, asset: asset)
                }
            }
            try context.save()
        }

        let context = ModelContext(try S.file(store))
        let category = try #require(try context.fetch(FetchDescriptor<Category>()).first)
        #expect(category.assets?.map(\.name) == ["AAPL", "VTI"])
        let apple = try #require(category.assets?.first)
        #expect(apple.snapshotAssetValues?.map(\.marketValue) == [S.decimal("100.01"), S.decimal("200.01")])
        #expect(apple.snapshotAssetValues?.map { $0.snapshot?.date } == [S.date(day: 1), S.date(day: 2)])
        let snapshots = try context.fetch(FetchDescriptor<Snapshot>(sortBy: [SortDescriptor(\.date)]))
        #expect(snapshots.map { $0.assetValues?.map { $0.asset?.name } } == [["AAPL", "VTI"], ["AAPL", "VTI"]])
    }

    @Test func marketValuesAreComparedAsNumbersInPredicates() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            let snapshot = Snapshot(date: S.date(day: 5))
            context.insert(snapshot)
            for (name, value) in [("A", "9.99"), ("B", "100"), ("C", "1000.5"), ("D", "-20"), ("E", "50")] {
                _ = SnapshotAssetValue(marketValue: S.decimal(value), snapshot: snapshot, asset: Asset(name: name))
            }
            try context.save()
        }

        let threshold = S.decimal("50")
        let readContext = ModelContext(try S.file(store))
        let values = try readContext.fetch(FetchDescriptor<SnapshotAssetValue>(
            predicate: #Predicate { $0.marketValue > threshold }, sortBy: [SortDescriptor(\.marketValue)]))
        #expect(values.map(\.marketValue) == [100, S.decimal("1000.5")])
    }

    @Test func marketValuesSortAsNumbers() throws {
        let store = try TemporaryStore()
        do {
            let context = ModelContext(try S.file(store))
            let snapshot = Snapshot(date: S.date(day: 5))
            context.insert(snapshot)
            for (name, value) in [("A", "9.99"), ("B", "100"), ("C", "1000.5"), ("D", "-20"), ("E", "-3")] {
                _ = SnapshotAssetValue(marketValue: S.decimal(value), snapshot: snapshot, asset: Asset(name: name))
            }
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let values = try readContext.fetch(FetchDescriptor<SnapshotAssetValue>(sortBy: [SortDescriptor(\.marketValue, order: .reverse)]))
        #expect(values.map(\.marketValue) == [S.decimal("1000.5"), 100, S.decimal("9.99"), -3, -20])
    }

    @Test func marketValuesThatADoubleCannotTellApartSortAndFilterExactly() throws {
        let store = try TemporaryStore()
        // Equal as Doubles: any comparison through floating point would call them equal.
        let larger = S.decimal("1234567890123456789.02"), smaller = S.decimal("1234567890123456789.01")
        do {
            let context = ModelContext(try S.file(store))
            let snapshot = Snapshot(date: S.date(day: 5))
            context.insert(snapshot)
            _ = SnapshotAssetValue(marketValue: larger, snapshot: snapshot, asset: Asset(name: "A"))
            _ = SnapshotAssetValue(marketValue: smaller, snapshot: snapshot, asset: Asset(name: "B"))
            try context.save()
        }

        let readContext = ModelContext(try S.file(store))
        let sorted = try readContext.fetch(FetchDescriptor<SnapshotAssetValue>(sortBy: [SortDescriptor(\.marketValue)]))
        #expect(sorted.map(\.marketValue) == [smaller, larger])
        let above = try readContext.fetch(FetchDescriptor<SnapshotAssetValue>(predicate: #Predicate { $0.marketValue > smaller }))
        #expect(above.map(\.marketValue) == [larger])
    }
}
