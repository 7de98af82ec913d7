extension OpenSwiftDataError {
    // One maker per code, named as the code: `throw OpenSwiftDataError.rowDeleted(entity: "Trip")`,
    // and `error == .rowDeleted(entity: "Trip")` compares code and every detail.

    /// A non-optional property has no value at save.
    public static func missingValue(entity: String, property: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.missingValue(entity: entity, property: property))
    }

    /// A value cannot be stored.
    public static func invalidValue(entity: String, property: String, reason: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.invalidValue(entity: entity, property: property, reason: reason))
    }

    /// The store holds a value the model cannot read.
    public static func corruptValue(entity: String, property: String, reason: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.corruptValue(entity: entity, property: property, reason: reason))
    }

    /// A `.deny` relationship still holds models, so its owner cannot be deleted.
    public static func deleteDenied(entity: String, relationship: String, relatedCount: Int) -> OpenSwiftDataError {
        OpenSwiftDataError(.deleteDenied(entity: entity, relationship: relationship, relatedCount: relatedCount))
    }

    /// Another save gave a `.cascade` relationship the context runs, of a model this save deletes, members the context had not read.
    public static func deleteMissedMembers(entity: String, relationship: String, relatedCount: Int) -> OpenSwiftDataError {
        OpenSwiftDataError(.deleteMissedMembers(entity: entity, relationship: relationship, relatedCount: relatedCount))
    }

    /// The model's type is not in the container's schema.
    public static func modelNotInSchema(_ value: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.modelNotInSchema(value))
    }

    /// The configuration was made with `allowsSave: false`.
    public static func saveNotAllowed(configuration: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.saveNotAllowed(configuration: configuration))
    }

    /// The file at the store's URL is not an SQLite database.
    public static func storeNotADatabase(path: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeNotADatabase(path: path))
    }

    /// The file at the store's URL is damaged (see ``StoreDamage``); nothing was
    /// changed, its `-wal` and `-shm` files included.
    public static func storeDamaged(path: String, reason: StoreDamage) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeDamaged(path: path, reason: reason))
    }

    /// The store cannot be opened or created at its URL.
    public static func storeCannotOpen(path: String, reason: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeCannotOpen(path: path, reason: reason))
    }

    /// The model belongs to another context.
    public static func modelInAnotherContext(entity: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.modelInAnotherContext(entity: entity))
    }

    /// No row has this identifier.
    public static func modelNotFound(_ identifier: PersistentIdentifier) -> OpenSwiftDataError {
        OpenSwiftDataError(.modelNotFound(identifier))
    }

    /// A validation rule of the model failed; the save was abandoned.
    public static func validationFailed(entity: String, reason: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.validationFailed(entity: entity, reason: reason))
    }

    /// A predicate or sort uses something the store cannot evaluate.
    public static func unsupportedQuery(_ value: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.unsupportedQuery(value))
    }

    /// The schema cannot be opened with the stored data; nothing was changed.
    public static func migrationFailed(_ value: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.migrationFailed(value))
    }

    /// A change would give two models the same unique key.
    public static func uniqueConstraintViolated(entity: String, properties: [String]) -> OpenSwiftDataError {
        OpenSwiftDataError(.uniqueConstraintViolated(entity: entity, properties: properties))
    }

    /// The model's row was deleted by another context after this one fetched it.
    public static func rowDeleted(entity: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.rowDeleted(entity: entity))
    }

    /// A migration would leave existing rows without a value for a non-optional
    /// attribute (SwiftData's error 134110); nothing was changed. `wasOptional` tells
    /// an attribute that became non-optional from a new one.
    public static func migrationMissingValues(entity: String, attribute: String, rowCount: Int, wasOptional: Bool) -> OpenSwiftDataError {
        OpenSwiftDataError(.migrationMissingValues(entity: entity, attribute: attribute, rowCount: rowCount, wasOptional: wasOptional))
    }

    /// Existing rows violate a unique constraint the new schema adds; nothing was changed.
    public static func migrationUniqueViolation(entity: String, attributes: [String], duplicate: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.migrationUniqueViolation(entity: entity, attributes: attributes, duplicate: duplicate))
    }

    /// A property changed type, which only a custom migration stage can handle; nothing was changed.
    public static func migrationTypeChange(entity: String, property: String, from: String, to: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.migrationTypeChange(entity: entity, property: property, from: from, to: to))
    }

    /// The store was written by a schema newer than the one opening it; nothing was changed.
    public static func storeNewerThanSchema(storeVersion: String, schemaVersion: String, entity: String, property: String?) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeNewerThanSchema(storeVersion: storeVersion, schemaVersion: schemaVersion, entity: entity, property: property))
    }

    /// The file at the store's URL (or the PostgreSQL schema its configuration names) is
    /// a database of another program, or a store of other models (`names`: its tables or
    /// models, none of which the schema or its migration plan knows); nothing was changed.
    public static func storeHoldsOtherData(path: String, names: [String]) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeHoldsOtherData(path: path, names: names))
    }

    /// A history fetch from a token (`$0.token > token`) after history past that token
    /// was deleted: the reader would miss the deleted transactions (SwiftData's
    /// `historyTokenExpired`).
    public static func historyTokenExpired(token: Int, deletedThrough: Int) -> OpenSwiftDataError {
        OpenSwiftDataError(.historyTokenExpired(token: token, deletedThrough: deletedThrough))
    }

    /// The store records a newer major schema version than the one opening it, with
    /// the same layout: it may be read (`allowsSave: false`) but not written.
    public static func storeFromNewerVersion(path: String, storeVersion: String, schemaVersion: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeFromNewerVersion(path: path, storeVersion: storeVersion, schemaVersion: schemaVersion))
    }

    /// Another connection, usually another process, held the store's lock for longer
    /// than a save or fetch waits; nothing was written.
    public static func storeBusy(path: String, seconds: Int) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeBusy(path: path, seconds: seconds))
    }

    /// The store is read-only, on read-only media or in a folder this process may not
    /// write: it opens for reading, and saves are refused.
    public static func storeOnReadOnlyMedia(path: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeOnReadOnlyMedia(path: path))
    }

    /// The disk holding the store filled up during a save or fetch (SQLite's
    /// `SQLITE_FULL`); nothing was written, and the context keeps its changes.
    public static func storeDiskFull(path: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeDiskFull(path: path))
    }

    /// A table of the store has given every key SQLite allows, so no model of `entity`
    /// can be inserted; nothing was written, and the context keeps its changes.
    public static func storeKeysExhausted(path: String, entity: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeKeysExhausted(path: path, entity: entity))
    }

    /// The operating system reported an I/O error on the store's file or its `-wal`
    /// (SQLite's `SQLITE_IOERR`); nothing was written, and the context keeps its changes.
    public static func storeIOError(path: String, operation: StoreIOOperation) -> OpenSwiftDataError {
        OpenSwiftDataError(.storeIOError(path: path, operation: operation))
    }

    /// The store's schema is none of the migration plan's versions; nothing was changed.
    public static func unknownStoreVersion(storeVersion: String?, planVersions: [String], plan: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.unknownStoreVersion(storeVersion: storeVersion, planVersions: planVersions, plan: plan))
    }

    /// A model configuration cannot be used as given (see ``ConfigurationProblem``).
    public static func invalidConfiguration(name: String, problem: ConfigurationProblem) -> OpenSwiftDataError {
        OpenSwiftDataError(.invalidConfiguration(name: name, problem: problem))
    }

    /// SQLite reported an error.
    public static func sqlite(_ value: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.sqlite(value))
    }

    /// A container on a custom ``DataStore`` was asked for something only the SQLite store does.
    public static func unsupportedByCustomStore(store: String, operation: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.unsupportedByCustomStore(store: store, operation: operation))
    }

    /// A custom ``DataStore`` returned a snapshot of its own type whose encoded form
    /// does not give a model's values (see ``DataStoreSnapshot``).
    public static func unreadableSnapshot(store: String, entity: String, reason: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.unreadableSnapshot(store: store, entity: entity, reason: reason))
    }

    /// A schema decoded from its encoded form (``Schema/load(from:)``) or built of
    /// hand-built entities was given to a container: its entities have no Swift model
    /// types to store.
    public static func schemaWithoutModelType(entity: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.schemaWithoutModelType(entity: entity))
    }

    /// A schema file could not be written or read (``Schema/save(to:)``, ``Schema/load(from:)``).
    public static func schemaFileUnusable(path: String, reason: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.schemaFileUnusable(path: path, reason: reason))
    }

    /// A context saved while another context's ``ModelContext/transaction(block:)`` on
    /// the same thread held the store: the save would wait for the block, which waits
    /// for it. Nothing was written.
    public static func saveDuringAnotherContextsTransaction(store: String) -> OpenSwiftDataError {
        OpenSwiftDataError(.saveDuringAnotherContextsTransaction(store: store))
    }
}
