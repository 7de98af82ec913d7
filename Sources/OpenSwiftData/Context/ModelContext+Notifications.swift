import Foundation

extension ModelContext {
    /// Posted before a context writes a save, with the context as object.
    public static let willSave = Notification.Name("ModelContextWillSave")
    /// Posted after a save committed, with the context as object and the saved
    /// identifiers under ``NotificationKey``.
    public static let didSave = Notification.Name("ModelContextDidSave")

    /// The user-info keys of ``willSave`` and ``didSave``.
    public enum NotificationKey: String, Sendable {
        case insertedIdentifiers = "inserted"
        case updatedIdentifiers = "updated"
        case deletedIdentifiers = "deleted"
        case queryGeneration
        case invalidatedAllIdentifiers = "invalidatedAll"
    }

    func postNotification(_ name: Notification.Name, inserted: [any PersistentModel], changed: [any PersistentModel],
                          deleted: [any PersistentModel]) {
        NotificationCenter.default.post(name: name, object: self, userInfo: [
            NotificationKey.insertedIdentifiers.rawValue: inserted.map(\.persistentModelID),
            NotificationKey.updatedIdentifiers.rawValue: changed.map(\.persistentModelID),
            NotificationKey.deletedIdentifiers.rawValue: deleted.map(\.persistentModelID),
        ])
    }
}
