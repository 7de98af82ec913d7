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
        }
    }

    var kind: SwiftDataError.Kind {
        switch self {
        case .nameHasInvalidCharacters: .configurationFileNameContainsInvalidCharacters
        case .nameTooLong: .configurationFileNameTooLong
        case .duplicateName: .duplicateConfiguration
        case .modelNotInContainerSchema: .configurationSchemaNotFoundInContainerSchema
        }
    }
}
