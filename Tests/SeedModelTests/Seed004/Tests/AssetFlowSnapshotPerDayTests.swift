import Foundation
import SwiftData
import Testing

/// One snapshot per day: `Snapshot(date:)` keeps only the day, and `date` is unique, so a
/// second snapshot of a day updates the first rather than adding a row.
@Suite struct AssetFlowSnapshotPerDayTests {
    typealias S = AssetFlowStore

    @Test func aSnapshotsDateIsTheStartOfItsDay() {
        let snapshot = Snapshot(date: S.date(day: 5, hour: 15, minute: 30))
        #expect(snapshot.date == S.date(day: 5))
        #expect(snapshot.date == Calendar.current.startOfDay(for: S.date(day: 5, hour: 23, minute: 59)))
    }

    @Test func aSecondSnapshotOfTheSameDayUpdatesTheFirst() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let morning = Snapshot(date: S.date(day: 5, hour: 8))
        context.insert(morning)
        try context.save()
        let evening = Snapshot(date: S.date(day: 5, hour: 20))
        context.insert(evening)
        try context.save()

        let readContext = ModelContext(container)
        let snapshots = try readContext.fetch(FetchDescriptor<Snapshot>())
        #expect(snapshots.count == 1)
        #expect(snapshots.first?.date == S.date(day: 5))
        #expect(snapshots.first?.id == evening.id)
        #expect(snapshots.first?.createdAt == evening.createdAt)
    }

    @Test func twoSnapshotsOfOneDayInOneSaveLeaveOneRow() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let first = Snapshot(date: S.date(day: 5, hour: 8)), second = Snapshot(date: S.date(day: 5, hour: 9))
        context.insert(first)
        context.insert(second)
        try context.save()

        let readContext = ModelContext(container)
        let snapshots = try readContext.fetch(FetchDescriptor<Snapshot>())
        #expect(snapshots.map(\.id) == [second.id])
    }

    @Test func snapshotsOfDifferentDaysAreAllKept() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        for day in [3, 1, 2] { context.insert(Snapshot(date: S.date(day: day, hour: 12))) }
        try context.save()

        let readContext = ModelContext(container)
        let snapshots = try readContext.fetch(FetchDescriptor<Snapshot>(sortBy: [SortDescriptor(\.date)]))
        #expect(snapshots.map(\.date) == [S.date(day: 1), S.date(day: 2), S.date(day: 3)])
    }

    @Test func aDaysSnapshotIsFoundByThatDaysStart() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        for day in 1...5 { context.insert(Snapshot(date: S.date(day: day, hour: day))) }
        try context.save()

        let day = Calendar.current.startOfDay(for: S.date(day: 4, hour: 18))
        let readContext = ModelContext(container)
        let found = try readContext.fetch(FetchDescriptor<Snapshot>(predicate: #Predicate { $0.date == day }))
        #expect(found.map(\.date) == [S.date(day: 4)])
    }

    @Test func aSecondValueOfAnAssetInASnapshotUpdatesTheFirst() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        let asset = Asset(name: "AAPL")
        context.insert(snapshot)
        context.insert(asset)
        _ = SnapshotAssetValue(marketValue: 100, snapshot: snapshot, asset: asset)
        try context.save()
        _ = SnapshotAssetValue(marketValue: S.decimal("150.25"), snapshot: snapshot, asset: asset)
        try context.save()

        let readContext = ModelContext(container)
        let values = try readContext.fetch(FetchDescriptor<SnapshotAssetValue>())
        #expect(values.map(\.marketValue) == [S.decimal("150.25")])
    }

    @Test func aDuplicateValueOfAnAssetInANewSnapshotUpdatesRatherThanFails() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let asset = Asset(name: "AAPL")
        context.insert(asset)
        try context.save()
        // The snapshot joins the context through its values, so it is inserted after them.
        let snapshot = Snapshot(date: S.date(day: 5))
        context.insert(SnapshotAssetValue(marketValue: 100, snapshot: snapshot, asset: asset))
        context.insert(SnapshotAssetValue(marketValue: 150, snapshot: snapshot, asset: asset))
        try context.save()
        let readContext = ModelContext(container)
        #expect(try readContext.fetch(FetchDescriptor<SnapshotAssetValue>()).map(\.marketValue) == [150])

    }

    @Test func afterAValueIsReplacedTheSnapshotHoldsOnlyTheReplacement() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let snapshot = Snapshot(date: S.date(day: 5))
        let asset = Asset(name: "AAPL")
        context.insert(snapshot)
        context.insert(asset)
        _ = SnapshotAssetValue(marketValue: 100, snapshot: snapshot, asset: asset)
        try context.save()
        let replacement = SnapshotAssetValue(marketValue: 150, snapshot: snapshot, asset: asset)
        try context.save()

        #expect(snapshot.assetValues?.map(\.marketValue) == [150])
        #expect(asset.snapshotAssetValues?.map(\.marketValue) == [150])

        #expect(snapshot.assetValues?.last === replacement)
    }

    @Test func replacingADaysSnapshotLeavesItsExchangeRateLinkedFromBothSidesOrNeither() throws {
        let container = try S.inMemory()
        let context = ModelContext(container)
        let first = Snapshot(date: S.date(day: 5, hour: 8))
        context.insert(first)
        first.exchangeRate = ExchangeRate(baseCurrency: "usd", ratesJSON: S.ratesJSON(["twd": 32]), fetchDate: S.date(day: 5))
        try context.save()
        context.insert(Snapshot(date: S.date(day: 5, hour: 20)))
        try context.save()

        let readContext = ModelContext(container)
        let snapshot = try #require(try readContext.fetch(FetchDescriptor<Snapshot>()).first)
        let rate = try #require(try readContext.fetch(FetchDescriptor<ExchangeRate>()).first)
        #expect((snapshot.exchangeRate == nil) == (rate.snapshot == nil))

    }
}
