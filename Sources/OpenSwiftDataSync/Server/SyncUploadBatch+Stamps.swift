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
}
