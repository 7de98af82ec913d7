import Foundation

extension PersistentIdentifier {
    /// The permanent identifier of a model a custom ``DataStore`` keeps under
    /// `primaryKey`: a store calls it for each inserted model it saves, and returns
    /// the result in ``DataStoreSaveChangesResult/remappedIdentifiers``.
    ///
    /// Identifiers made from equal keys (by their description) of one store and entity are equal.
    public static func identifier<T>(for storeIdentifier: String, entityName: String, primaryKey: T) throws -> PersistentIdentifier
    where T: Comparable, T: CustomStringConvertible, T: Decodable, T: Encodable, T: Hashable {
        guard !storeIdentifier.isEmpty, !entityName.isEmpty else {
            throw OpenSwiftDataError.invalidValue(entity: entityName.isEmpty ? "(no entity)" : entityName, property: "primaryKey",
                                                  reason: "an identifier needs its store's identifier and its entity's name, and one of them is empty")
        }
        let rowID = PrimaryKeyRegistry.rowID(store: storeIdentifier, entity: entityName, primaryKey: primaryKey.description)
        return PersistentIdentifier(entityName: entityName, storeIdentifier: storeIdentifier, rowID: rowID)
    }

    /// The custom store's key behind the identifier, nil for SQLite's and temporary ones.
    var customPrimaryKey: String? {
        guard rowID > 0, let storeIdentifier else { return nil }
        return PrimaryKeyRegistry.primaryKey(store: storeIdentifier, entity: entityName, rowID: rowID)
    }
}
