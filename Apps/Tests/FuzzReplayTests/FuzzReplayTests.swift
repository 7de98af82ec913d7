import EngineFuzzChecks
import Foundation
import FuzzChecks
import Testing

/// The short form of every fuzz target, in `swift test`: its checks (the ones the
/// libFuzzer executables in `Fuzz/` run) over its corpus, its earlier findings and a
/// fixed set of seeded mutations. Not coverage-guided: `Fuzz/run` is the long form.
@Suite struct FuzzReplayTests {
    @Test("every CardShow JSON inventory is imported or refused with its line or field named")
    func cardShowJSON() throws {
        Replay.expectNone(try Replay(CardShowJSONTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.json)))
    }

    @Test("every CardShow CSV inventory is imported or refused with its line named")
    func cardShowCSV() throws {
        Replay.expectNone(try Replay(CardShowCSVTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.csv)))
    }

    @Test("every Get Diced deck list is imported or refused with its line named",
          .enabled(if: FileManager.default.fileExists(atPath: DeckListTarget.catalogPath),
                   "needs the real catalog: ../shared/data/cards_initial.db or $GETDICED_CATALOG"))
    func getDicedDeckList() throws {
        Replay.expectNone(try Replay(DeckListTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.deckList)))
    }

    @Test("every CouponTracker template file is read or refused with the place named")
    func couponTrackerTemplates() throws {
        Replay.expectNone(try Replay(CardTemplatesTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.json)))
    }

    @Test("every CouponTracker export is imported or refused with the place named")
    func couponTrackerExport() throws {
        Replay.expectNone(try Replay(WalletExportTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.json)))
    }

    @Test("every AssetFlow snapshot CSV is imported or refused with its line named")
    func assetFlowSnapshotCSV() throws {
        Replay.expectNone(try Replay(SnapshotCSVTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.csv)))
    }

    @Test("every calendar file is imported into Trendy or refused with its line named")
    func trendyCalendar() throws {
        Replay.expectNone(try Replay(CalendarFileTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.calendar)))
    }

    @Test("every Trendy backup is imported or refused with its line or field named")
    func trendyBackup() throws {
        Replay.expectNone(try Replay(TrendyBackupTarget.self).run(edgeValues: EdgeValues.data(EdgeValues.json)))
    }

    @Test("every generated predicate selects in SQL exactly the rows Swift selects")
    func predicates() throws {
        Replay.expectNone(try Replay(PredicateTarget.self).run(edgeValues: EdgeValues.predicateBytes))
    }
}
