import Foundation
import OpenSwiftData

extension SyncClient {
    /// Makes a store put back from a copy (a backup restored over it) sync on as a new
    /// device of its account. Returns whether the store had synced; one that never did is
    /// left as it is.
    ///
    /// The server does not send a device what that device uploaded, so a store put back
    /// from a copy made before its last sync, syncing on with the copy's device ID and
    /// cursor, would never get back the changes it uploaded after the copy was made: they
    /// stay on the server and the other devices, and are missing here for good. With a new
    /// device ID and no download position, its next sync downloads the account from the
    /// start (whole, once the log was compacted), those changes with it; what the store
    /// holds keeps its sync IDs and is merged with the download by the conflict rule, as
    /// any download is. Call it on the copy before it is put in place, or on the store
    /// before a client syncs it: a sync under way would save the copy's position back.
    @discardableResult
    public static func continueAsNewDevice(_ modelContainer: ModelContainer) throws -> Bool {
        let context = ModelContext(modelContainer)
        guard let checkpoint = try context.fetch(FetchDescriptor<SyncCheckpoint>()).first else { return false }
        checkpoint.device = UUID()
        checkpoint.cursor = 0
        try context.save()
        return true
    }
}
