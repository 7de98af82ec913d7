import Foundation

/// Everything that can go wrong in OpenSwiftData, each case naming what is wrong and
/// where, so that the message alone tells a developer what to fix.
public enum OpenSwiftDataError: Error, LocalizedError, CustomStringConvertible, Equatable, Sendable {
    /// A non-optional property has no value at save.
    case missingValue(entity: String, property: String)
    /// A value cannot be stored.
    case invalidValue(entity: String, property: String, reason: String)
    /// The store holds a value the model cannot read.
    case corruptValue(entity: String, property: String, reason: String)
    /// A `.deny` relationship still holds models, so its owner cannot be deleted.
    case deleteDenied(entity: String, relationship: String, relatedCount: Int)
    /// The model's type is not in the container's schema.
    case modelNotInSchema(String)
    /// The configuration was made with `allowsSave: false`.
    case saveNotAllowed(configuration: String)
    /// The file at the store's URL is not an SQLite database.
    case storeNotADatabase(path: String)
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
    /// SQLite reported an error.
    case sqlite(String)

    public var description: String {
        switch self {
        case let .missingValue(entity, property):
            "\(entity).\(property) has no value: set it before saving, or give the property a default value or an optional type"
        case let .invalidValue(entity, property, reason):
            "\(entity).\(property) cannot be stored: \(reason)"
        case let .corruptValue(entity, property, reason):
            "\(entity).\(property) cannot be read: \(reason)"
        case let .deleteDenied(entity, relationship, count):
            "cannot delete this \(entity): its relationship \(relationship) has the delete rule .deny and still holds \(count) model\(count == 1 ? "" : "s"); remove them first"
        case let .modelNotInSchema(name):
            "\(name) is not in this container's schema: add \(name).self to the types given to ModelContainer"
        case let .saveNotAllowed(configuration):
            "the model configuration \"\(configuration)\" was created with allowsSave: false"
        case let .storeNotADatabase(path):
            "the file at \(path) is not an SQLite database; choose another URL or move the file away"
        case let .storeCannotOpen(path, reason):
            "cannot open the store at \(path): \(reason)"
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
        case let .sqlite(message):
            "SQLite error: \(message)"
        }
    }

    public var errorDescription: String? { description }
}
