import Foundation
import OpenSwiftData

extension ModelContext {
    /// Sets an attribute of a model to a value a download brought. A value this device's
    /// store cannot hold there (text for a number, a case the type lacks, nothing for a
    /// required value) comes only from a server that does not check uploads against the
    /// app's schema: the download stops at it, in words that name it and the server.
    func setDownloadedAttribute(named name: String, of model: any PersistentModel, to value: DefaultSnapshot.Value, syncID: UUID) throws {
        do {
            try setAttribute(named: name, of: model, to: value)
        } catch let error as OpenSwiftDataError {
            let entity = model.persistentModelID.entityName
            throw SyncError.invalidChange(
                "the server sent \(entity) \(syncID) with a \(name) this app cannot keep (\(error.reason ?? "a value of another kind")); "
                    + "this download stops here, to be applied again at the next sync. A server given the app's schema refuses such a "
                    + "change; tell the server's owner that its log holds one.")
        }
    }
}
