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
        /// In ``didSave``: the history token of the transaction the save recorded, a
        /// ``DefaultHistoryToken``; for a save that wrote several stores that each
        /// recorded one, their tokens as `[DefaultHistoryToken]`, in the stores' order.
        /// Absent when the save recorded no history.
        case historyTokens
    }

    /// - Parameter deletedInStore: rows a cascade deleted in the store without loading them.
    /// - Parameter historyTokens: the tokens of the transactions the save recorded (``didSave``).
    func postNotification(_ name: Notification.Name, inserted: [any PersistentModel], changed: [any PersistentModel],
                          deleted: [any PersistentModel], deletedInStore: [PersistentIdentifier] = [],
                          historyTokens: [DefaultHistoryToken] = []) {
        var userInfo: [AnyHashable: Any] = [
            NotificationKey.insertedIdentifiers.rawValue: identifiers(of: inserted),
            NotificationKey.updatedIdentifiers.rawValue: identifiers(of: changed),
            NotificationKey.deletedIdentifiers.rawValue: identifiers(of: deleted) + deletedInStore,
        ]
        if historyTokens.count == 1, let token = historyTokens.first {
            userInfo[NotificationKey.historyTokens.rawValue] = token
        } else if !historyTokens.isEmpty {
            userInfo[NotificationKey.historyTokens.rawValue] = historyTokens
        }
        NotificationCenter.default.post(name: name, object: self, userInfo: userInfo)
    }

    /// `persistentModelID` of each model, with the entity name and store looked up once
    /// per run of one type rather than per model: a save can hold many thousands.
    private func identifiers(of models: [any PersistentModel]) -> [PersistentIdentifier] {
        var entities = EntityLookup()
        return models.map { model in
            let rowID = model._$backingState.rowID
            let name = entities.entity(of: model).name
            return PersistentIdentifier(entityName: name, storeIdentifier: rowID > 0 ? stores.identifier(of: name) : nil, rowID: rowID)
        }
    }
}
