import Foundation

// A device stamps every change it makes with its own clock, whose node is its ID, and a
// pending batch is sent again under the device that built it. A change stamped with another
// node would be taken by the device of that node for one of its own (its downloads leave
// out what it uploaded), which would then miss the change; one stamped with the server's
// node would pass for the server's own write.
extension SyncUploadBatch {
    /// Throws ``SyncError/invalidChange(_:)`` naming the first change not stamped by the batch's device.
    func checkStamps() throws {
        guard device != ServerLedger.serverNode else {
            throw SyncError.invalidChange("the batch's device is all zeros, the ID the server stamps its own writes with: "
                                          + "a device uploads under an ID of its own.")
        }
        for (index, change) in changes.enumerated() {
            if let deletedAt = change.deletedAt, deletedAt.node != device { throw foreign(deletedAt.node, index, change) }
            for stamped in change.values.values where stamped.clock.node != device { throw foreign(stamped.clock.node, index, change) }
        }
    }

    private func foreign(_ node: UUID, _ index: Int, _ change: SyncChange) -> SyncError {
        .invalidChange("change \(index + 1) of the batch (\(change.entityName) \(change.syncID)) is stamped by device \(node), "
                       + "not by the device uploading it, \(device): a device stamps its changes with its own clock.")
    }

    // A write stamped ahead of every other device's clock wins over each of their writes of
    // the property until their clocks pass it, and each of them takes its moment in, so that
    // one device with its date set a year ahead (or a client stamping the last moment there
    // is) would make every later edit of the property lose, on every device, silently.

    /// Throws ``SyncError/clockAhead(_:)`` saying how far ahead of `now` the change stamped
    /// furthest ahead was made, when it is more than `lead` seconds ahead. The words are for
    /// the device's user, who knows neither changes by number nor models by sync ID.
    func checkLead(of lead: TimeInterval, now: Date) throws {
        let latest = HybridLogicalClock.milliseconds(now.addingTimeInterval(lead))
        var furthest = latest
        for change in changes {
            for stamped in change.values.values { furthest = max(furthest, stamped.clock.milliseconds) }
            if let deletedAt = change.deletedAt { furthest = max(furthest, deletedAt.milliseconds) }
        }
        guard furthest > latest else { return }
        let ahead = Double(furthest - HybridLogicalClock.milliseconds(now)) / 1000
        throw SyncError.clockAhead("The sync server refused the upload: it holds changes made \(ahead.spokenLength) ahead of the server's clock, "
                                   + "which takes changes made at most \(lead.spokenLength) ahead of it")
    }
}
