import FuzzChecks

/// The fuzz targets on the engine and the four apps built on it: what the `fuzz`
/// executable offers, and what `FuzzReplayTests` checks has a corpus.
public enum EngineFuzzTargets {
    public static var all: [any FuzzTarget.Type] {
        [
            CardShowJSONTarget.self, CardShowCSVTarget.self, CardTemplatesTarget.self, WalletExportTarget.self,
            SnapshotCSVTarget.self, CalendarFileTarget.self, TrendyBackupTarget.self, PredicateTarget.self,
        ]
    }
}
