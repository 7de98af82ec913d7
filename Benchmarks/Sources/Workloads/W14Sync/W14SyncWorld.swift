import Foundation

/// Two devices and a server on one engine. Both engines' runs are these steps, so that
/// they save the same cards and are measured around the same call.
protocol W14SyncWorld {
    /// Opens the stores in `directory`, creating them on the first iteration.
    init(_ directory: URL) throws
    /// One save of `cards` on device A, as the app makes it.
    func saveOnA(_ cards: [TradingCard]) throws
    /// One save on device A of the incremental sync's next round of changes.
    func saveRoundOnA() throws
    /// A's sync, then B's, each timed into `figures` with what their requests moved.
    func syncBoth(_ figures: inout W14Sync.WireFigures) throws
    /// What each device holds, for the check.
    func output() throws -> W14Sync.Output
}

extension W14SyncWorld {
    /// A's sync (its upload, then its download, which reads its own changes back from the
    /// log) and B's (its download of everything) after A saved the fixture.
    func measureFirstSync(_ run: Iteration, _ fixture: W14Sync.Fixture, _ engine: Engine) throws -> W14Sync.Output {
        try saveOnA(fixture.cards)
        var figures = W14Sync.WireFigures()
        try run.measure { try syncBoth(&figures) }
        figures.record(W14Sync.firstLabel, engine, run)
        return try output()
    }

    /// The same after A's round of 100 changes, once the first sync is done (unmeasured).
    func measureIncrementalSync(_ run: Iteration, _ fixture: W14Sync.Fixture, _ engine: Engine) throws -> W14Sync.Output {
        try run.once {
            try saveOnA(fixture.cards)
            var setup = W14Sync.WireFigures()
            try syncBoth(&setup)
        }
        try saveRoundOnA()
        var figures = W14Sync.WireFigures()
        try run.measure { try syncBoth(&figures) }
        figures.record(W14Sync.incrementalLabel, engine, run)
        return try output()
    }
}
