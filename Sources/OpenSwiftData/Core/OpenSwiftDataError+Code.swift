extension OpenSwiftDataError {
    /// The kind of an error, as a value a `switch` or a `catch` can match and a log or
    /// a response can print (its ``rawValue`` is the name below). New codes are added
    /// as the library grows, so a `switch` over codes keeps a `default`.
    ///
    /// ```swift
    /// do {
    ///     try context.save()
    /// } catch OpenSwiftDataError.Code.storeBusy {
    ///     // another program held the store: try again later
    /// }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// Matches an ``OpenSwiftDataError`` of this code, thrown as itself or as the
        /// explanation of a ``SwiftDataError``.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            OpenSwiftDataError(explaining: error)?.code == pattern
        }

        public static let missingValue = Code(rawValue: "missingValue")
        public static let invalidValue = Code(rawValue: "invalidValue")
        public static let corruptValue = Code(rawValue: "corruptValue")
        public static let deleteDenied = Code(rawValue: "deleteDenied")
        public static let deleteMissedMembers = Code(rawValue: "deleteMissedMembers")
        public static let modelNotInSchema = Code(rawValue: "modelNotInSchema")
        public static let saveNotAllowed = Code(rawValue: "saveNotAllowed")
        public static let storeNotADatabase = Code(rawValue: "storeNotADatabase")
        public static let storeDamaged = Code(rawValue: "storeDamaged")
        public static let storeCannotOpen = Code(rawValue: "storeCannotOpen")
        public static let modelInAnotherContext = Code(rawValue: "modelInAnotherContext")
        public static let modelNotFound = Code(rawValue: "modelNotFound")
        public static let validationFailed = Code(rawValue: "validationFailed")
        public static let unsupportedQuery = Code(rawValue: "unsupportedQuery")
        public static let migrationFailed = Code(rawValue: "migrationFailed")
        public static let uniqueConstraintViolated = Code(rawValue: "uniqueConstraintViolated")
        public static let rowDeleted = Code(rawValue: "rowDeleted")
        public static let migrationMissingValues = Code(rawValue: "migrationMissingValues")
        public static let migrationUniqueViolation = Code(rawValue: "migrationUniqueViolation")
        public static let migrationTypeChange = Code(rawValue: "migrationTypeChange")
        public static let storeNewerThanSchema = Code(rawValue: "storeNewerThanSchema")
        public static let storeHoldsOtherData = Code(rawValue: "storeHoldsOtherData")
        public static let historyTokenExpired = Code(rawValue: "historyTokenExpired")
        public static let storeFromNewerVersion = Code(rawValue: "storeFromNewerVersion")
        public static let storeBusy = Code(rawValue: "storeBusy")
        public static let storeOnReadOnlyMedia = Code(rawValue: "storeOnReadOnlyMedia")
        public static let storeDiskFull = Code(rawValue: "storeDiskFull")
        public static let storeKeysExhausted = Code(rawValue: "storeKeysExhausted")
        public static let storeIOError = Code(rawValue: "storeIOError")
        public static let unknownStoreVersion = Code(rawValue: "unknownStoreVersion")
        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        public static let sqlite = Code(rawValue: "sqlite")
        public static let unsupportedByCustomStore = Code(rawValue: "unsupportedByCustomStore")
        public static let unreadableSnapshot = Code(rawValue: "unreadableSnapshot")
        public static let schemaWithoutModelType = Code(rawValue: "schemaWithoutModelType")
        public static let schemaFileUnusable = Code(rawValue: "schemaFileUnusable")
        public static let saveDuringAnotherContextsTransaction = Code(rawValue: "saveDuringAnotherContextsTransaction")
    }
}
