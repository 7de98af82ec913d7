import Foundation

/// SwiftData's error type: the kind of failure, as SwiftData names it, with
/// OpenSwiftData's explanation of what is wrong and what to do.
///
/// `ModelContainer`'s initialisers throw it, as SwiftData's do, so app code written for
/// SwiftData keeps working:
///
/// ```swift
/// do {
///     container = try ModelContainer(for: Trip.self)
/// } catch let error as SwiftDataError where error == .loadIssueModelContainer {
///     // move the store aside and start again
/// }
/// ```
///
/// Two errors are equal when they are of the same kind; ``explanation`` says which
/// entity, file or value is at fault. Its message is the explanation's.
public struct SwiftDataError: Error, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// The kinds of error SwiftData names.
    enum Kind: String, Sendable {
        case includePendingChangesWithBatchSize, sortingPendingChangesWithIdentifiers, unsupportedKeyPath,
             unsupportedPredicate, unsupportedSortDescriptor, historyTokenExpired, invalidTransactionFetchRequest,
             configurationFileNameContainsInvalidCharacters, configurationFileNameTooLong,
             configurationSchemaNotFoundInContainerSchema, duplicateConfiguration, backwardMigration, unknownSchema,
             loadIssueModelContainer, modelValidationFailure, missingModelContext
    }

    let kind: Kind
    /// What went wrong, in OpenSwiftData's words: the entity, file or value at fault and
    /// the fix. Nil for an error made from one of the static kinds.
    public let explanation: OpenSwiftDataError?

    init(_ kind: Kind, explanation: OpenSwiftDataError? = nil) {
        self.kind = kind
        self.explanation = explanation
    }

    /// Two errors are equal when they are of the same kind.
    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.kind == rhs.kind }
    /// Hashes the kind, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// Matches an error of this kind, so that `catch SwiftDataError.loadIssueModelContainer`
    /// and `case .unknownSchema = error` work on any thrown error.
    public static func ~= (lhs: SwiftDataError, rhs: any Error) -> Bool {
        (rhs as? SwiftDataError)?.kind == lhs.kind
    }

    /// The explanation's message, or a summary of the kind.
    public var description: String { explanation?.description ?? Self.summaries[kind] ?? kind.rawValue }
    /// The kind and the message.
    public var debugDescription: String { "SwiftDataError.\(kind.rawValue): \(description)" }
    /// The same as ``description``.
    public var errorDescription: String? { description }

    private static let summaries: [Kind: String] = [
        .includePendingChangesWithBatchSize: "a fetch in batches cannot include unsaved changes",
        .sortingPendingChangesWithIdentifiers: "identifiers of unsaved models cannot be sorted",
        .unsupportedKeyPath: "a key path in the fetch is not a stored property of the model",
        .unsupportedPredicate: "the predicate cannot be evaluated",
        .unsupportedSortDescriptor: "the sort descriptor cannot be evaluated",
        .historyTokenExpired: "the history token refers to history that was deleted; fetch history from the start",
        .invalidTransactionFetchRequest: "the history request cannot be evaluated",
        .configurationFileNameContainsInvalidCharacters: "a model configuration's name contains a character a file name cannot have",
        .configurationFileNameTooLong: "a model configuration's name is too long for a file name",
        .configurationSchemaNotFoundInContainerSchema: "a model configuration names a model that is not in the container's schema",
        .duplicateConfiguration: "two model configurations have the same name",
        .backwardMigration: "the store was written by a newer version of the schema",
        .unknownSchema: "the store's schema is not a version the migration plan knows",
        .loadIssueModelContainer: "the store could not be loaded",
        .modelValidationFailure: "a model failed validation",
        .missingModelContext: "the model is not in a context",
    ]
}

// SwiftData's spellings of the kinds.
extension SwiftDataError {
    /// A batched fetch was asked to include pending changes.
    public static let includePendingChangesWithBatchSize = SwiftDataError(.includePendingChangesWithBatchSize)
    /// Pending changes could not be sorted with identifiers.
    public static let sortingPendingChangesWithIdentifiers = SwiftDataError(.sortingPendingChangesWithIdentifiers)
    /// A key path the store cannot follow.
    public static let unsupportedKeyPath = SwiftDataError(.unsupportedKeyPath)
    /// A predicate the store cannot evaluate.
    public static let unsupportedPredicate = SwiftDataError(.unsupportedPredicate)
    /// A sort descriptor the store cannot apply.
    public static let unsupportedSortDescriptor = SwiftDataError(.unsupportedSortDescriptor)
    /// A history token older than the history that is kept.
    public static let historyTokenExpired = SwiftDataError(.historyTokenExpired)
    /// A history descriptor of a transaction type the store does not record.
    public static let invalidTransactionFetchRequest = SwiftDataError(.invalidTransactionFetchRequest)
    /// A configuration's name holds characters a file name cannot.
    public static let configurationFileNameContainsInvalidCharacters = SwiftDataError(.configurationFileNameContainsInvalidCharacters)
    /// A configuration's name is too long for a file name.
    public static let configurationFileNameTooLong = SwiftDataError(.configurationFileNameTooLong)
    /// A configuration names a model the container's schema lacks.
    public static let configurationSchemaNotFoundInContainerSchema = SwiftDataError(.configurationSchemaNotFoundInContainerSchema)
    /// Two different configurations share a name.
    public static let duplicateConfiguration = SwiftDataError(.duplicateConfiguration)
    /// The store was written by a newer schema than the one opening it.
    public static let backwardMigration = SwiftDataError(.backwardMigration)
    /// The store's schema is none of the migration plan's.
    public static let unknownSchema = SwiftDataError(.unknownSchema)
    /// The store could not be opened.
    public static let loadIssueModelContainer = SwiftDataError(.loadIssueModelContainer)
    /// A model failed validation.
    public static let modelValidationFailure = SwiftDataError(.modelValidationFailure)
    /// A model was used without a context where one is needed.
    public static let missingModelContext = SwiftDataError(.missingModelContext)
}

extension SwiftDataError {
    /// The SwiftData kind of a failure to open a store.
    package init(openingStore error: OpenSwiftDataError) {
        switch error.kind {
        case .storeNewerThanSchema, .storeFromNewerVersion: self.init(.backwardMigration, explanation: error)
        case .unknownStoreVersion, .storeHoldsOtherData: self.init(.unknownSchema, explanation: error)
        case .invalidConfiguration(_, let problem): self.init(problem.kind, explanation: error)
        case .validationFailed: self.init(.modelValidationFailure, explanation: error)
        default: self.init(.loadIssueModelContainer, explanation: error)
        }
    }
}

extension OpenSwiftDataError {
    /// The OpenSwiftData error behind `error`: the error itself, or the explanation a
    /// ``SwiftDataError`` carries.
    public init?(explaining error: any Error) {
        if let own = error as? OpenSwiftDataError {
            self = own
        } else if let explanation = (error as? SwiftDataError)?.explanation {
            self = explanation
        } else {
            return nil
        }
    }
}
