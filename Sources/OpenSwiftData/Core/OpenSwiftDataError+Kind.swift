import Foundation

extension OpenSwiftDataError {
    /// What went wrong, with everything the message names. The library matches on it;
    /// users match on ``OpenSwiftDataError/code``, which can gain codes without breaking
    /// their `switch`es, and read the public fields.
    package enum Kind: Equatable, Sendable {
        /// A non-optional property has no value at save.
        case missingValue(entity: String, property: String)

        /// A value cannot be stored.
        case invalidValue(entity: String, property: String, reason: String)

        /// The store holds a value the model cannot read.
        case corruptValue(entity: String, property: String, reason: String)

        /// A `.deny` relationship still holds models, so its owner cannot be deleted.
        case deleteDenied(entity: String, relationship: String, relatedCount: Int)

        /// Another save gave a `.cascade` relationship the context runs, of a model this save
        /// deletes, members the context had not read, which the delete would leave pointing at nothing.
        case deleteMissedMembers(entity: String, relationship: String, relatedCount: Int)

        /// The model's type is not in the container's schema.
        case modelNotInSchema(String)

        /// The configuration was made with `allowsSave: false`.
        case saveNotAllowed(configuration: String)

        /// The file at the store's URL is not an SQLite database.
        case storeNotADatabase(path: String)

        /// The file at the store's URL is damaged (see ``StoreDamage``); nothing was
        /// changed, its `-wal` and `-shm` files included.
        case storeDamaged(path: String, reason: StoreDamage)

        /// The store cannot be opened or created at its URL.
        case storeCannotOpen(path: String, reason: String)

        /// The model belongs to another context.
        case modelInAnotherContext(entity: String)

        /// No row has this identifier.
        case modelNotFound(PersistentIdentifier)

        /// A validation rule of the model failed; the save was abandoned.
        case validationFailed(entity: String, reason: String)

        /// A predicate or sort uses something the store cannot evaluate.
        case unsupportedQuery(String)

        /// The schema cannot be opened with the stored data; nothing was changed.
        case migrationFailed(String)

        /// A change would give two models the same unique key.
        case uniqueConstraintViolated(entity: String, properties: [String])

        /// The model's row was deleted by another context after this one fetched it.
        case rowDeleted(entity: String)

        /// A migration would leave existing rows without a value for a non-optional
        /// attribute (SwiftData's error 134110); nothing was changed. `wasOptional` tells
        /// an attribute that became non-optional from a new one.
        case migrationMissingValues(entity: String, attribute: String, rowCount: Int, wasOptional: Bool)

        /// Existing rows violate a unique constraint the new schema adds; nothing was changed.
        case migrationUniqueViolation(entity: String, attributes: [String], duplicate: String)

        /// A property changed type, which only a custom migration stage can handle; nothing was changed.
        case migrationTypeChange(entity: String, property: String, from: String, to: String)

        /// The store was written by a schema newer than the one opening it; nothing was changed.
        case storeNewerThanSchema(storeVersion: String, schemaVersion: String, entity: String, property: String?)

        /// The file at the store's URL (or the PostgreSQL schema its configuration names) is
        /// a database of another program, or a store of other models (`names`: its tables or
        /// models, none of which the schema or its migration plan knows); nothing was changed.
        case storeHoldsOtherData(path: String, names: [String])

        /// A history fetch from a token (`$0.token > token`) after history past that token
        /// was deleted: the reader would miss the deleted transactions (SwiftData's
        /// `historyTokenExpired`).
        case historyTokenExpired(token: Int, deletedThrough: Int)

        /// The store records a newer major schema version than the one opening it, with
        /// the same layout: it may be read (`allowsSave: false`) but not written.
        case storeFromNewerVersion(path: String, storeVersion: String, schemaVersion: String)

        /// Another connection, usually another process, held the store's lock for longer
        /// than a save or fetch waits; nothing was written.
        case storeBusy(path: String, seconds: Int)

        /// The store is read-only, on read-only media or in a folder this process may not
        /// write: it opens for reading, and saves are refused.
        case storeOnReadOnlyMedia(path: String)

        /// The disk holding the store filled up during a save or fetch (SQLite's
        /// `SQLITE_FULL`); nothing was written, and the context keeps its changes.
        case storeDiskFull(path: String)

        /// A table of the store has given every key SQLite allows (its largest or its
        /// `AUTOINCREMENT` record is the largest 64-bit integer), so no model of the
        /// entity can be inserted: SQLite says `SQLITE_FULL` of a disk that is not.
        case storeKeysExhausted(path: String, entity: String)

        /// The operating system reported an I/O error on the store's file or its `-wal`
        /// (SQLite's `SQLITE_IOERR`); nothing was written, and the context keeps its changes.
        case storeIOError(path: String, operation: StoreIOOperation)

        /// The store's schema is none of the migration plan's versions; nothing was changed.
        case unknownStoreVersion(storeVersion: String?, planVersions: [String], plan: String)

        /// A model configuration cannot be used as given (see ``ConfigurationProblem``).
        case invalidConfiguration(name: String, problem: ConfigurationProblem)

        /// SQLite reported an error.
        case sqlite(String)

        /// A container on a custom ``DataStore`` was asked for something only the SQLite store does.
        case unsupportedByCustomStore(store: String, operation: String)

        /// A custom ``DataStore`` returned a snapshot of its own type whose encoded form
        /// does not give a model's values (see ``DataStoreSnapshot``).
        case unreadableSnapshot(store: String, entity: String, reason: String)

        /// A schema decoded from its encoded form (``Schema/load(from:)``) or built of
        /// hand-built entities was given to a container: its entities have no Swift model
        /// types to store.
        case schemaWithoutModelType(entity: String)

        /// A schema file could not be written or read (``Schema/save(to:)``, ``Schema/load(from:)``).
        case schemaFileUnusable(path: String, reason: String)

        /// A context saved while another context's ``ModelContext/transaction(block:)`` on
        /// the same thread held the store: the save would wait for the block, which waits
        /// for it. Nothing was written.
        case saveDuringAnotherContextsTransaction(store: String)

        /// What is wrong and what to do, in the user's words.
        var description: String {
            switch self {
            case let .missingValue(entity, property):
                "\(entity).\(property) has no value: set it before saving, or give the property a default value or an optional type"
            case let .invalidValue(entity, property, reason):
                "\(entity).\(property) cannot be stored: \(reason)"
            case let .corruptValue(entity, property, reason):
                "\(entity).\(property) cannot be read: \(reason)"
            case let .deleteDenied(entity, relationship, count):
                "cannot delete this \(entity): its relationship \(relationship) has the delete rule .deny and still holds \(count) model\(count == 1 ? "" : "s"); remove them first"
            case let .deleteMissedMembers(entity, relationship, count):
                "another save gave this \(entity)'s \(relationship) \(count) model\(count == 1 ? "" : "s") after they were read, which deleting it "
                    + "would leave pointing at a deleted model, so nothing was written; fetch the models again and retry"
            case let .modelNotInSchema(name):
                "\(name) is not in this container's schema: add \(name).self to the types given to ModelContainer"
            case let .saveNotAllowed(configuration):
                "the model configuration \"\(configuration)\" was created with allowsSave: false"
            case let .storeNotADatabase(path):
                "the file at \(path) is not an SQLite database; choose another URL or move the file away"
            case let .storeDamaged(path, reason):
                "the store at \(path) is damaged: \(reason). Nothing was changed. "
                    + (reason.isRecoverableByReplacing
                        ? "Fix: restore it from a backup, or move it (with its -wal and -shm files) aside and open a new store"
                        : "Fix: give the path of a store file that this user can read and write")
            case let .storeCannotOpen(path, reason):
                "cannot open the store at \(path): \(reason)"
            case let .historyTokenExpired(token, deletedThrough):
                "the history after the token (transaction \(token)) was deleted through transaction \(deletedThrough), so what changed since the token "
                    + "can no longer be read. Fix: read the models again (for a sync, from the start), then fetch history without a token, or after "
                    + "the token of the newest transaction"
            case let .storeHoldsOtherData(path, names):
                "the store at \(path) holds data this schema does not describe (\(names.prefix(5).joined(separator: ", "))"
                    + "\(names.count > 5 ? ", …" : "")): it is another program's database or a store of other models. Nothing was changed. "
                    + "Fix: open it with the models that wrote it (or a migration plan that lists their schema), or give a URL where "
                    + "there is no store yet for a new one"
            case let .modelInAnotherContext(entity):
                "this \(entity) is registered in another context; fetch it in this context with model(for:) instead"
            case let .modelNotFound(id):
                "no model has the identifier \(id)"
            case let .validationFailed(entity, reason):
                "a \(entity) failed validation: \(reason)"
            case let .unsupportedQuery(reason):
                "unsupported query: \(reason)"
            case let .migrationFailed(reason):
                "migration failed: \(reason)"
            case let .uniqueConstraintViolated(entity, properties):
                "another \(entity) already has this \(properties.joined(separator: " and ")); \(entity).\(properties.joined(separator: ", ")) must be unique: change the value, or insert a new model with it to update that row"
            case let .rowDeleted(entity):
                "this \(entity) was deleted from the store by another context after it was fetched, so its changes cannot be saved; fetch again"
            case let .migrationMissingValues(entity, attribute, rowCount, wasOptional):
                "cannot migrate \(entity).\(attribute): "
                    + (wasOptional ? "it became non-optional without a default value, and \(rowCount) existing \(entity) row\(rowCount == 1 ? " holds" : "s hold") nil in it"
                                   : "it is a new non-optional attribute without a default value, and \(rowCount) existing \(entity) row\(rowCount == 1 ? " has" : "s have") no value for it")
                    + " (SwiftData reports this as error 134110, \"missing attribute values on mandatory destination attribute\"). "
                    + "Fix: give \(attribute) a default value in its declaration (`var \(attribute): T = ...`), "
                    + (wasOptional ? "or set the nil values in the willMigrate of a custom MigrationStage."
                                   : "or make it optional (and fill it in the didMigrate of a custom MigrationStage).")
                    + " The store was not changed."
            case let .migrationUniqueViolation(entity, attributes, duplicate):
                "cannot migrate \(entity): the new unique constraint on (\(attributes.joined(separator: ", "))) is violated by existing rows: \(duplicate). "
                    + "Fix: remove or merge the duplicates in the willMigrate of a custom MigrationStage, or drop the constraint. The store was not changed."
            case let .migrationTypeChange(entity, property, from, to):
                "cannot migrate \(entity).\(property): its type changed from \(from) to \(to), which a lightweight migration cannot convert. "
                    + "Fix: add a MigrationStage.custom between the two schema versions (read the old values in willMigrate, write the new ones in didMigrate; "
                    + "the column starts again from the attribute's default), or keep the type and add an attribute with a new name. The store was not changed."
            case let .storeNewerThanSchema(storeVersion, schemaVersion, entity, property):
                "the store was written by schema version \(storeVersion), newer than this schema (\(schemaVersion)): it has "
                    + (property.map { "\(entity).\($0), which this schema's \(entity) does not have" } ?? "the entity \(entity), which this schema does not have")
                    + ", so opening it would lose data. Fix: open it with the app version that wrote it, or add schema version \(storeVersion) "
                    + "to this app's migration plan. The store was not changed."
            case let .storeFromNewerVersion(path, storeVersion, schemaVersion):
                "the store at \(path) was written by version \(storeVersion) of its schema, newer than this program's \(schemaVersion), "
                    + "so this program will not write to it. Fix: use the newer version of the program, or open the store read-only "
                    + "(allowsSave: false). The store was not changed."
            case let .storeBusy(path, seconds):
                // SQLite may answer busy at once, where waiting could not help (another program in
                // the middle of a write this one would have to wait behind): `seconds` is the most
                // the store waits, not a wait that surely happened.
                "the store at \(path) was busy: another program kept it locked (the store waits up to \(seconds) second\(seconds == 1 ? "" : "s") "
                    + "for a lock). Nothing was written; try again when it has finished"
            case let .storeOnReadOnlyMedia(path):
                "the store at \(path) is read-only (on read-only media, or a file or folder this process may not write), so it can be read "
                    + "but not changed. Fix: make it writable, or copy it (with any -wal file beside it) to a folder you may write and open the copy"
            case let .storeDiskFull(path):
                "the disk is full: the store at \(path) could not be written. Nothing was written, and the context keeps its unsaved changes; free some space on the disk, then save again"
            case let .storeKeysExhausted(path, entity):
                "the store at \(path) has given its last key to a \(entity) (the largest a key can be, \(Int64.max)), so no more can be inserted; "
                    + "the disk is not full. Keys are never given twice, so deleting does not free one: copy the models into a new store. "
                    + "Nothing was written, and the context keeps its unsaved changes"
            case let .storeIOError(path, operation):
                "the disk reported an I/O error \(operation) the store at \(path) (or its -wal file beside it). Nothing was written, and the context keeps its unsaved changes; check the disk, then save again"
            case let .unknownStoreVersion(storeVersion, planVersions, plan):
                "the store's schema\(storeVersion.map { " (version \($0))" } ?? "") is none of the migration plan's versions "
                    + "(\(planVersions.joined(separator: ", "))), so the plan cannot say how to migrate it. "
                    + "Fix: add the schema that wrote the store to \(plan).schemas, with a stage from it. The store was not changed."
            case let .invalidConfiguration(name, problem):
                "the model configuration \"\(name)\" cannot be used: \(problem)"
            case let .sqlite(message):
                "SQLite error: \(message)"
            case let .unsupportedByCustomStore(store, operation):
                "\(operation) is not available with the custom data store \"\(store)\": OpenSwiftData offers it only on its "
                    + "SQLite store. Fix: use a ModelConfiguration for this container, or do without \(operation) here."
            case let .unreadableSnapshot(store, entity, reason):
                "the custom data store \"\(store)\" returned a snapshot of \(entity) that cannot be read: \(reason). Fix: make the "
                    + "store's snapshot encode the model's identifier as persistentIdentifier and each property under its name "
                    + "(DataStoreSnapshotCodingKey) as the property's type encodes it, or use DefaultSnapshot"
            case let .schemaWithoutModelType(entity):
                "the schema's entity \(entity) has no model type: it was read from a schema's encoded form or built by hand "
                    + "(Schema.Entity(\"\(entity)\")), which describes models but cannot store them. Fix: make the container's schema from the model types, as Schema([\(entity).self])"
            case let .schemaFileUnusable(path, reason):
                "the schema file at \(path) cannot be used: \(reason)"
            case let .saveDuringAnotherContextsTransaction(store):
                "a context saved to the store \"\(store)\" inside another context's transaction(block:) on the same thread, "
                    + "which holds the store until its block ends, so this save could never go through. Nothing was written. "
                    + "Fix: make these changes in the transaction's own context, or save this context after the block returns."
            }
        }
    }
}
