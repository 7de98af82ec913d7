import Foundation
import OpenSwiftData

extension SyncClient {
    /// Makes a store put back from a copy (a backup restored over it) sync on as a new
    /// device of its account. Returns whether the store had synced; one that never did is
    /// left as it is.
    ///
    /// The server does not send a device what that device uploaded, so a store put back
    /// from a copy made before its last sync, syncing on with the copy's device ID and
    /// cursor, would never get back the changes it uploaded after the copy was made. With a
    /// new device ID and no download position, its next sync downloads the account from the
    /// start (whole, once the log was compacted), those changes with it; what the store
    /// holds keeps its sync IDs and is merged with the download by the conflict rule, as
    /// any download is.
    ///
    /// A client finds such a copy by itself at its next sync, from the server's count of
    /// the device's uploads (``lastContinuedAsNewDevice``), once the original has uploaded
    /// since the copy was made and the server counts uploads. Call this where the copy is
    /// known to be one (a restore), on the copy before it is put in place or on the store
    /// before a client syncs it (a sync under way would save the copy's position back): its
    /// own uploads then go out under the new ID too.
    @discardableResult
    public static func continueAsNewDevice(_ modelContainer: ModelContainer) throws -> Bool {
        let context = ModelContext(modelContainer)
        guard let checkpoint = try context.fetch(FetchDescriptor<SyncCheckpoint>()).first else { return false }
        checkpoint.startAsNewDevice()
        try context.save()
        return true
    }

    /// Continues as a new device: the server showed the store to be a copy of one that
    /// uploaded more than it knows of.
    func continueAsNewDevice() throws {
        let context = ownContext()
        try SyncBookkeeping(context).checkpoint.startAsNewDevice()
        try context.save()
        lastContinuedAsNewDevice = Date()
    }

    /// Notes the server's count of the uploads of `device`, still the store's.
    func noteAcknowledgedUploads(_ count: Int64, as device: UUID) throws {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        try requireDevice(device, in: book)
        book.checkpoint.acknowledgedUploads = count
        try context.save()
    }

    /// Throws unless the store still syncs as `device`, the device a sync began as: a store
    /// put back from a copy while the sync ran (a restore, which continues it as a new device)
    /// must not be given the old device's download position or count, or it would never
    /// download what it uploaded after the copy was made.
    func requireDevice(_ device: UUID, in book: SyncBookkeeping) throws {
        guard book.checkpoint.device == device else {
            throw SyncError.invalidChange("the store was put back from a copy (restored) while this sync ran, so what the sync "
                                              + "downloaded was not saved into it. Sync again: it downloads what the copy lacks.")
        }
    }
}
