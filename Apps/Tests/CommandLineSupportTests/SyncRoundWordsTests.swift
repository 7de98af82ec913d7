@testable import CommandLineSupport
import OpenSwiftData
import Testing

/// What `cardshow sync` and `coupontracker sync` say of a sync the engine stopped.
@Suite struct SyncRoundWordsTests {
    /// Issue 33's twenty-fifth pass: a sync whose store was put back from a backup while it
    /// downloaded failed as "This card was deleted by another cardshow while this one worked
    /// on it", true of a row but not of what happened to the sync.
    @Test func aRecordGoneFromUnderTheSyncsSaveIsSaidAsAStoreChangedUnderTheSync() async {
        do {
            try await SyncRound.inWords { throw OpenSwiftDataError.rowDeleted(entity: "InventoryCard") }
            Issue.record("the error was not thrown")
        } catch {
            #expect("\(error)".hasPrefix("Sync failed: the store was changed by another program while this sync ran"), "\(error)")
            #expect("\(error)".hasSuffix("Nothing is lost: sync again."), "\(error)")
        }
    }
}
