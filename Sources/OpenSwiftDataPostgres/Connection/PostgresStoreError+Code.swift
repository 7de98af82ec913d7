#if PostgreSQL
extension PostgresStoreError {
    /// The kind of an error, as a value a `switch` or a `catch` can match and a log can
    /// print (its ``rawValue`` is the name below). New codes are added as the store
    /// grows, so a `switch` over codes keeps a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// Matches a ``PostgresStoreError`` of this code: `catch PostgresStoreError.Code.serverUnreachable`.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? PostgresStoreError)?.code == pattern
        }

        public static let invalidURL = Code(rawValue: "invalidURL")
        public static let serverUnreachable = Code(rawValue: "serverUnreachable")
        public static let authenticationFailed = Code(rawValue: "authenticationFailed")
        public static let databaseNotFound = Code(rawValue: "databaseNotFound")
        public static let connectionLost = Code(rawValue: "connectionLost")
        public static let tlsUnavailable = Code(rawValue: "tlsUnavailable")
        public static let calledOnEventLoop = Code(rawValue: "calledOnEventLoop")
        public static let closed = Code(rawValue: "closed")
        public static let nestedTransaction = Code(rawValue: "nestedTransaction")
        public static let poolExhausted = Code(rawValue: "poolExhausted")
        public static let transactionAborted = Code(rawValue: "transactionAborted")
        public static let serializationFailure = Code(rawValue: "serializationFailure")
        public static let uniqueViolation = Code(rawValue: "uniqueViolation")
        public static let referenceViolation = Code(rawValue: "referenceViolation")
        public static let tableNotFound = Code(rawValue: "tableNotFound")
        public static let columnNotFound = Code(rawValue: "columnNotFound")
        public static let serverError = Code(rawValue: "serverError")
        public static let unreadableColumn = Code(rawValue: "unreadableColumn")
        public static let unreadableValue = Code(rawValue: "unreadableValue")
        public static let valueOfWrongType = Code(rawValue: "valueOfWrongType")
        public static let valueNotEncodable = Code(rawValue: "valueNotEncodable")
        public static let decimalNotANumber = Code(rawValue: "decimalNotANumber")
        public static let textContainsNUL = Code(rawValue: "textContainsNUL")
        public static let identifierTooLong = Code(rawValue: "identifierTooLong")
        public static let unsupportedAttributeType = Code(rawValue: "unsupportedAttributeType")
        public static let invalidConnectionCount = Code(rawValue: "invalidConnectionCount")
        public static let missingSchema = Code(rawValue: "missingSchema")
        public static let unreadableRow = Code(rawValue: "unreadableRow")
        public static let modelInheritance = Code(rawValue: "modelInheritance")
    }
}
#endif
