import AssetFlow
import Foundation
import SwiftData
import Testing

/// Deletes after another assetflow related a record to what is deleted since this one loaded
/// it (two processes at once, as `assetflow category delete Bonds --reassign-to Cash` beside
/// `assetflow asset add X --category Bonds`, or `snapshot delete` beside `snapshot set`).
@Suite struct DeleteAfterAnotherWriterTests {
    static func container() throws -> (ModelContainer, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assetflow-delete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (try AssetFlowStore.container(at: directory.appendingPathComponent("p.store")), directory)
    }

    /// Was refused by the store's rule, "This category cannot be deleted while 1 record still
    /// refer to it.", though --reassign-to was given: the assets were read from the
    /// relationship the category had loaded, without the one added since.
    @Test func aDeleteWithReassignMovesAnAssetAnotherWriterAddedSinceTheCategoryWasLoaded() throws {
        let (container, directory) = try Self.container()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mine = Portfolio(context: ModelContext(container))
        try mine.addCategory(named: "Bonds")
        try mine.addCategory(named: "Cash")
        try mine.addAsset(named: "Old", platform: "P", currency: "USD", category: "Bonds")
        // Loaded, as the command's own row of it loads it.
        #expect(try mine.category(named: "Bonds").assets?.count == 1)

        try Portfolio(context: ModelContext(container)).addAsset(named: "New", platform: "P", currency: "USD", category: "Bonds")

        try mine.deleteCategory("Bonds", reassigningTo: "Cash")
        let assets = try Portfolio(context: ModelContext(container)).context.fetch(FetchDescriptor<Asset>())
        #expect(assets.map { "\($0.name): \($0.category?.name ?? "none")" }.sorted() == ["New: Cash", "Old: Cash"])
    }

    /// Was refused in the store's words, "This asset cannot be deleted while 1 record still
    /// refer to it.", naming no snapshot: the values were read from the loaded relationship.
    @Test func aDeleteOfAnAssetGivenAValueByAnotherWriterSinceItWasLoadedNamesThatSnapshot() throws {
        let (container, directory) = try Self.container()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mine = Portfolio(context: ModelContext(container))
        try mine.addAsset(named: "X", platform: "P", currency: "USD")
        let day = try #require(ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z"))
        try mine.createSnapshot(on: day)
        #expect(try mine.asset(named: "X", platform: "P").snapshotAssetValues?.isEmpty == true)

        try Portfolio(context: ModelContext(container)).setValue(5, of: "X", platform: "P", on: day)

        #expect { try mine.deleteAsset(named: "X", platform: "P") } throws: { error in
            "\(error.localizedDescription)".contains("has values in 1 snapshot (2026-01-01)")
        }
    }

    /// Was a value left behind naming the deleted snapshot, after which its asset could never be
    /// deleted: "The asset 'X (P)' has values in 0 snapshots ()."
    @Test func aDeletedSnapshotTakesAValueAnotherWriterSetSinceItWasLoaded() throws {
        let (container, directory) = try Self.container()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mine = Portfolio(context: ModelContext(container))
        try mine.addAsset(named: "X", platform: "P", currency: "USD")
        try mine.addAsset(named: "Y", platform: "P", currency: "USD")
        let day = try #require(ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z"))
        try mine.createSnapshot(on: day)
        try mine.setValue(1, of: "Y", platform: "P", on: day)
        // Loaded, as the command's own row of it loads it.
        #expect(try mine.snapshot(on: day).assetValues?.count == 1)

        try Portfolio(context: ModelContext(container)).setValue(5, of: "X", platform: "P", on: day)

        try mine.deleteSnapshot(on: day)
        let other = Portfolio(context: ModelContext(container))
        #expect(try other.context.fetchCount(FetchDescriptor<SnapshotAssetValue>()) == 0)
        try other.deleteAsset(named: "X", platform: "P")
    }
}
