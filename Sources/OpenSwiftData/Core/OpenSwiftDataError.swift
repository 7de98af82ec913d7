import Foundation

/// Everything that can go wrong in OpenSwiftData, as a value: a ``code`` to match, the
/// entity, properties and file at fault, and a message that alone tells a developer
/// what is wrong and what to do.
///
/// Match on the code, as GRDB's `DatabaseError` has its result code; a `switch` over
/// codes keeps a `default`, because new codes come with new releases:
///
/// ```swift
/// do {
///     try context.save()
/// } catch let error as OpenSwiftDataError where error.code == .uniqueConstraintViolated {
///     print("another \(error.entityName ?? "model") has this \(error.propertyNames.joined(separator: " and "))")
/// }
/// ```
///
/// Two errors are equal when their codes and every detail agree.
public struct OpenSwiftDataError: Error, LocalizedError, CustomStringConvertible, Equatable, Sendable {
    package let kind: Kind

    package init(_ kind: Kind) { self.kind = kind }

    /// What kind of error this is.
    public var code: Code {
        switch kind {
        case .missingValue: .missingValue
        case .invalidValue: .invalidValue
        case .corruptValue: .corruptValue
        case .deleteDenied: .deleteDenied
        case .deleteMissedMembers: .deleteMissedMembers
        case .modelNotInSchema: .modelNotInSchema
        case .saveNotAllowed: .saveNotAllowed
        case .storeNotADatabase: .storeNotADatabase
        case .storeDamaged: .storeDamaged
        case .storeCannotOpen: .storeCannotOpen
        case .modelInAnotherContext: .modelInAnotherContext
        case .modelNotFound: .modelNotFound
        case .validationFailed: .validationFailed
        case .unsupportedQuery: .unsupportedQuery
        case .migrationFailed: .migrationFailed
        case .uniqueConstraintViolated: .uniqueConstraintViolated
        case .rowDeleted: .rowDeleted
        case .migrationMissingValues: .migrationMissingValues
        case .migrationUniqueViolation: .migrationUniqueViolation
        case .migrationTypeChange: .migrationTypeChange
        case .storeNewerThanSchema: .storeNewerThanSchema
        case .storeHoldsOtherData: .storeHoldsOtherData
        case .historyTokenExpired: .historyTokenExpired
        case .storeFromNewerVersion: .storeFromNewerVersion
        case .storeBusy: .storeBusy
        case .storeOnReadOnlyMedia: .storeOnReadOnlyMedia
        case .storeDiskFull: .storeDiskFull
        case .storeKeysExhausted: .storeKeysExhausted
        case .storeIOError: .storeIOError
        case .unknownStoreVersion: .unknownStoreVersion
        case .invalidConfiguration: .invalidConfiguration
        case .sqlite: .sqlite
        case .unsupportedByCustomStore: .unsupportedByCustomStore
        case .unreadableSnapshot: .unreadableSnapshot
        case .schemaWithoutModelType: .schemaWithoutModelType
        case .schemaFileUnusable: .schemaFileUnusable
        case .saveDuringAnotherContextsTransaction: .saveDuringAnotherContextsTransaction
        }
    }

    /// The model's entity the error is about, if it is about one.
    public var entityName: String? {
        switch kind {
        case let .missingValue(entity, _), let .invalidValue(entity, _, _), let .corruptValue(entity, _, _),
             let .deleteDenied(entity, _, _), let .deleteMissedMembers(entity, _, _), let .modelNotInSchema(entity), let .modelInAnotherContext(entity),
             let .validationFailed(entity, _), let .uniqueConstraintViolated(entity, _), let .rowDeleted(entity),
             let .migrationMissingValues(entity, _, _, _), let .migrationUniqueViolation(entity, _, _),
             let .migrationTypeChange(entity, _, _, _), let .storeNewerThanSchema(_, _, entity, _),
             let .unreadableSnapshot(_, entity, _), let .schemaWithoutModelType(entity):
            entity
        case let .modelNotFound(identifier):
            identifier.entityName
        default:
            nil
        }
    }

    /// The properties of ``entityName`` the error is about: the one without a value,
    /// the relationship that denies a delete, the attributes that must be unique.
    public var propertyNames: [String] {
        switch kind {
        case let .missingValue(_, property), let .invalidValue(_, property, _), let .corruptValue(_, property, _),
             let .deleteDenied(_, property, _), let .deleteMissedMembers(_, property, _), let .migrationMissingValues(_, property, _, _),
             let .migrationTypeChange(_, property, _, _):
            [property]
        case let .uniqueConstraintViolated(_, properties), let .migrationUniqueViolation(_, properties, _):
            properties
        case let .storeNewerThanSchema(_, _, _, property):
            property.map { [$0] } ?? []
        default:
            []
        }
    }

    /// The path of the file the error is about: the store's, or a schema file's.
    public var path: String? {
        switch kind {
        case let .storeNotADatabase(path), let .storeDamaged(path, _), let .storeCannotOpen(path, _),
             let .storeHoldsOtherData(path, _), let .storeFromNewerVersion(path, _, _), let .storeBusy(path, _),
             let .storeOnReadOnlyMedia(path), let .storeDiskFull(path), let .storeKeysExhausted(path, _), let .storeIOError(path, _),
             let .schemaFileUnusable(path, _):
            path
        default:
            nil
        }
    }

    /// What is wrong with a damaged store file (code ``Code/storeDamaged``).
    public var storeDamage: StoreDamage? {
        if case let .storeDamaged(_, damage) = kind { damage } else { nil }
    }

    /// The words of whatever reported the failure: the reason a value cannot be stored
    /// or read, a validation rule's message, the reason a store cannot open, SQLite's
    /// message.
    public var reason: String? {
        switch kind {
        case let .invalidValue(_, _, reason), let .corruptValue(_, _, reason), let .storeCannotOpen(_, reason),
             let .validationFailed(_, reason), let .unsupportedQuery(reason), let .migrationFailed(reason),
             let .sqlite(reason), let .unreadableSnapshot(_, _, reason), let .schemaFileUnusable(_, reason):
            reason
        default:
            nil
        }
    }

    /// How many models still hold a `.deny` relationship (code ``Code/deleteDenied``),
    /// or how many rows lack a value a migration needs (``Code/migrationMissingValues``).
    public var rowCount: Int? {
        switch kind {
        case let .deleteDenied(_, _, count), let .deleteMissedMembers(_, _, count), let .migrationMissingValues(_, _, count, _): count
        default: nil
        }
    }

    /// How long a save or fetch waited for another program's lock (code ``Code/storeBusy``).
    public var waitedSeconds: Int? {
        if case let .storeBusy(_, seconds) = kind { seconds } else { nil }
    }

    /// What is wrong and what to do, in the user's words.
    public var description: String { kind.description }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
