import Foundation
import Logging
import CommandLineSupport
import OpenSwiftDataSync

/// Keeps the sync logs from growing without end: at start and then every few hours,
/// removes the entries older than the days the server keeps (`--sync-keep-days`). A
/// device offline for longer downloads its account's whole state once (the Sync article).
struct SyncLogCompaction: Sendable {
    let servers: [(app: SyncedApp, server: SyncServer)]
    let keepDays: Int
    let logger = Logger(label: "cardshow-server.sync")

    /// How often a pass runs after the first.
    static let period: Duration = .seconds(6 * 3_600)

    /// Runs a pass at once and then every ``period`` until the task is cancelled.
    func run() async {
        while !Task.isCancelled {
            await pass()
            try? await Task.sleep(for: Self.period)
        }
    }

    /// Compacts every app's log once, logging what it removed or why it could not.
    func pass() async {
        let cutoff = Date().addingTimeInterval(-Double(keepDays) * 86_400)
        for (app, server) in servers {
            do {
                let removed = try await server.compactLog(recordedBefore: cutoff)
                if removed > 0 {
                    logger.info("Removed \(removed) \(app.name) sync log entries older than \(keepDays) days; devices offline longer download their account whole.")
                }
            } catch {
                logger.error("Could not compact the \(app.name) sync log: \(EngineErrorMessage.server.translate(error)). The log is left as it was; the next pass tries again.")
            }
        }
    }
}
