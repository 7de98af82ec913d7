import Foundation
import OpenSwiftData

// A device whose date was set ahead stamps its changes ahead, and its clock, which never goes
// back, goes on stamping them so after the date is set right. The server refuses them
// (``SyncError/clockAhead(_:)``) rather than let them win every later write; once the date is
// right, the waiting changes are stamped again, at moments of the clock as it now stands.
extension SyncClient {
    /// The pending batch with the moments of its changes from part `index` on that are ahead
    /// of this device's clock stamped again, after every moment that stands, in their order,
    /// with the notes of those writes, saved as one; nil when none of them is ahead of it (its
    /// date is still wrong, or the refusal came from something else).
    ///
    /// The parts before `index` were applied by the server and keep their moments, and the
    /// batch keeps its ID and its order, so sent again they are recognised as applied.
    func restamped(_ pending: PendingUpload, fromPart index: Int, now: Date = Date()) throws -> PendingUpload? {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        guard book.checkpoint.pendingBatch == pending.encoded else { return nil }
        let parts = pending.batch.parts(ofAtMost: changesPerUpload)
        guard parts.indices.contains(index) else { return nil }
        let refused = Set(parts[index...].flatMap { $0.changes.map(\.syncID) })
        let wall = HybridLogicalClock.milliseconds(now)
        var ahead = Set<HLCTimestamp>()
        for change in pending.batch.changes where refused.contains(change.syncID) {
            for moment in change.values.values.map(\.clock) + (change.deletedAt.map { [$0] } ?? []) where moment.milliseconds > wall {
                ahead.insert(moment)
            }
        }
        guard !ahead.isEmpty else { return nil }

        // After every moment that stands: another device's write this one has taken in may be
        // ahead of this device's date too, and a write made after it must stay after it.
        let standing = try book.latestStoredMoment { syncID, moment in refused.contains(syncID) && ahead.contains(moment) }
        var clock = HybridLogicalClock(node: book.checkpoint.device, latest: standing)
        var moments: [HLCTimestamp: HLCTimestamp] = [:]
        for moment in ahead.sorted() { moments[moment] = clock.tick(now: now) }

        var batch = pending.batch
        for position in batch.changes.indices where refused.contains(batch.changes[position].syncID) {
            for (name, stamped) in batch.changes[position].values {
                if let restamped = moments[stamped.clock] { batch.changes[position].values[name]?.clock = restamped }
            }
            if let deletedAt = batch.changes[position].deletedAt, let restamped = moments[deletedAt] {
                batch.changes[position].deletedAt = restamped
            }
        }
        try book.restampClocks(of: refused, moments)
        book.clock = clock
        let encoded = try batch.wireJSON()
        book.checkpoint.pendingBatch = encoded
        try context.save()
        return PendingUpload(batch: batch, encoded: encoded)
    }
}
