/// Why a model configuration cannot be used, as ``ModelConfiguration/validate()`` and
/// `ModelContainer` find it.
public enum ConfigurationProblem: Equatable, Sendable, CustomStringConvertible {
    /// The name, which becomes the store's file name, holds a `/`, a NUL or a control character.
    case nameHasInvalidCharacters
    /// The name is longer than a file name may be (255 bytes with `.store`).
    case nameTooLong(bytes: Int)
    /// Another configuration of the same container has this name.
    case duplicateName
    /// The configuration's schema names a model the container's schema does not have.
    case modelNotInContainerSchema(String)
    /// A model of this configuration's store has a relationship to a model another
    /// configuration's store holds.
    case relationshipAcrossStores(entity: String, relationship: String, destination: String, destinationConfiguration: String)
    /// The configuration's store file holds models that another configuration of the
    /// container now keeps in its own store.
    case storeHoldsModelsOfAnotherStore(entity: String, otherConfiguration: String)
    /// The container has several stores and a migration plan, which it cannot yet apply to several stores.
    case migrationPlanWithSeveralStores
    /// The configuration has no schema, and a store is opened for one (a container
    /// gives its configurations its own; a store opened by itself has none to take).
    case noModels

    /// What is wrong with the configuration, in words.
    public var description: String {
        switch self {
        case .nameHasInvalidCharacters:
            "its name becomes the store's file name and may not contain \"/\", NUL or control characters; choose another name"
        case let .nameTooLong(bytes):
            "its name is \(bytes) bytes long, and a store's file name (the name and \".store\") may be at most 255; choose a shorter name"
        case .duplicateName:
            "another configuration of the same container has this name; give each configuration its own name"
        case let .modelNotInContainerSchema(entity):
            "its schema has \(entity), which the container's schema does not; add \(entity).self to the types given to ModelContainer"
        case let .relationshipAcrossStores(entity, relationship, destination, other):
            "its store holds \(entity), whose relationship \(relationship) is to \(destination), which the configuration \"\(other)\" keeps in "
                + "another store; a relationship cannot span two stores: put \(entity) and \(destination) in the same configuration's schema"
        case let .storeHoldsModelsOfAnotherStore(entity, other):
            "its store file holds \(entity), which this container keeps in the store of the configuration \"\(other)\"; "
                + "to go on reading them here, put \(entity) in this configuration's schema; nothing was changed"
        case .migrationPlanWithSeveralStores:
            "the container has several stores, and a migration plan is applied to a container of one store; "
                + "open each configuration's store with the plan in a container of its own first, then this container"
        case .noModels:
            "it names no models, and a store opened by itself keeps the models its configuration names: "
                + "give the configuration a schema (ModelConfiguration(schema: Schema([Trip.self]))), or open it with a ModelContainer"
        }
    }

    var kind: SwiftDataError.Kind {
        switch self {
        case .nameHasInvalidCharacters: .configurationFileNameContainsInvalidCharacters
        case .nameTooLong: .configurationFileNameTooLong
        case .duplicateName: .duplicateConfiguration
        case .modelNotInContainerSchema: .configurationSchemaNotFoundInContainerSchema
        case .relationshipAcrossStores, .storeHoldsModelsOfAnotherStore, .migrationPlanWithSeveralStores, .noModels: .loadIssueModelContainer
        }
    }
}
