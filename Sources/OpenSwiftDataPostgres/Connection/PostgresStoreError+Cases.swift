#if PostgreSQL
extension PostgresStoreError {
    // One maker per code, named as the code: `throw PostgresStoreError.closed`, and
    // `error == .databaseNotFound(database:server:)` compares code and every detail.

    /// The URL cannot be used.
    public static func invalidURL(_ problem: PostgresURLProblem) -> PostgresStoreError {
        PostgresStoreError(.invalidURL(problem))
    }

    /// Nothing accepted a connection at the address (refused, no route, timed out, unknown host).
    public static func serverUnreachable(server: String, reason: String) -> PostgresStoreError {
        PostgresStoreError(.serverUnreachable(server: server, reason: reason))
    }

    /// The server refused the user's password (or has no rule letting the user in).
    public static func authenticationFailed(user: String, server: String) -> PostgresStoreError {
        PostgresStoreError(.authenticationFailed(user: user, server: server))
    }

    /// The server has no database of this name.
    public static func databaseNotFound(database: String, server: String) -> PostgresStoreError {
        PostgresStoreError(.databaseNotFound(database: database, server: server))
    }

    /// The connection broke during a call; whatever the call's transaction did was not committed.
    public static func connectionLost(server: String) -> PostgresStoreError {
        PostgresStoreError(.connectionLost(server: server))
    }

    /// TLS could not be set up on this machine.
    public static func tlsUnavailable(reason: String) -> PostgresStoreError {
        PostgresStoreError(.tlsUnavailable(reason: reason))
    }

    /// A blocking call was made on a SwiftNIO event loop thread, where waiting would deadlock.
    public static let calledOnEventLoop = PostgresStoreError(.calledOnEventLoop)

    /// The session or pool was closed before the call.
    public static let closed = PostgresStoreError(.closed)

    /// `transaction` was called inside a transaction of the same session.
    public static let nestedTransaction = PostgresStoreError(.nestedTransaction)

    /// No session came free in the pool's waiting time.
    public static func poolExhausted(size: Int, waitedSeconds: Double) -> PostgresStoreError {
        PostgresStoreError(.poolExhausted(size: size, waitedSeconds: waitedSeconds))
    }

    /// A statement inside a transaction failed (its error was caught), so the server rolled the transaction back.
    public static let transactionAborted = PostgresStoreError(.transactionAborted)

    /// A transaction met serialisation failures or deadlocks on every attempt.
    public static func serializationFailure(attempts: Int) -> PostgresStoreError {
        PostgresStoreError(.serializationFailure(attempts: attempts))
    }

    /// A write would give two rows the same unique key.
    public static func uniqueViolation(table: String?, constraint: String?) -> PostgresStoreError {
        PostgresStoreError(.uniqueViolation(table: table, constraint: constraint))
    }

    /// A save deleted a row another row still refers to, or referred to a row another
    /// save deleted meanwhile (SQLSTATE 23503): a delete rule held against a concurrent save.
    public static func referenceViolation(table: String?, constraint: String?) -> PostgresStoreError {
        PostgresStoreError(.referenceViolation(table: table, constraint: constraint))
    }

    /// The statement names a table that does not exist (the schema was not created).
    public static func tableNotFound(message: String) -> PostgresStoreError {
        PostgresStoreError(.tableNotFound(message: message))
    }

    /// The statement names a column its table lacks: another program changed the table.
    public static func columnNotFound(message: String) -> PostgresStoreError {
        PostgresStoreError(.columnNotFound(message: message))
    }

    /// The server refused a statement for another reason.
    public static func serverError(sqlState: String, message: String) -> PostgresStoreError {
        PostgresStoreError(.serverError(sqlState: sqlState, message: message))
    }

    /// A result column has a type this package does not read.
    public static func unreadableColumn(column: String, typeName: String) -> PostgresStoreError {
        PostgresStoreError(.unreadableColumn(column: column, typeName: typeName))
    }

    /// A stored value cannot become a value of the attribute's Swift type.
    public static func unreadableValue(_ value: String, typeName: String) -> PostgresStoreError {
        PostgresStoreError(.unreadableValue(value, typeName: typeName))
    }

    /// A value given for an attribute is not of the attribute's type.
    public static func valueOfWrongType(expected: String, found: String) -> PostgresStoreError {
        PostgresStoreError(.valueOfWrongType(expected: expected, found: found))
    }

    /// A `Codable` value failed to encode as JSON.
    public static func valueNotEncodable(typeName: String, reason: String) -> PostgresStoreError {
        PostgresStoreError(.valueNotEncodable(typeName: typeName, reason: reason))
    }

    /// A `Decimal` that is not a number cannot be stored.
    public static let decimalNotANumber = PostgresStoreError(.decimalNotANumber)

    /// Text holds the character U+0000, which PostgreSQL's text and JSON types cannot store.
    public static let textContainsNUL = PostgresStoreError(.textContainsNUL)

    /// A table or column name is longer than PostgreSQL's 63 bytes.
    public static func identifierTooLong(_ name: String, entity: String) -> PostgresStoreError {
        PostgresStoreError(.identifierTooLong(name, entity: entity))
    }

    /// A type the schema holds has no PostgreSQL column type.
    public static func unsupportedAttributeType(entity: String, attribute: String, typeName: String) -> PostgresStoreError {
        PostgresStoreError(.unsupportedAttributeType(entity: entity, attribute: attribute, typeName: typeName))
    }

    /// A configuration asks for fewer than one connection.
    public static func invalidConnectionCount(_ count: Int) -> PostgresStoreError {
        PostgresStoreError(.invalidConnectionCount(count))
    }

    /// A store was opened from a configuration without a schema, outside a container.
    public static let missingSchema = PostgresStoreError(.missingSchema)

    /// A row of the store cannot become a model: a value of a property is missing or unreadable.
    public static func unreadableRow(entity: String, key: Int64, property: String, reason: String) -> PostgresStoreError {
        PostgresStoreError(.unreadableRow(entity: entity, key: key, property: property, reason: reason))
    }

    /// The schema has a model class that inherits from another (`@Model class
    /// BusinessTrip: Trip`), which the PostgreSQL store cannot lay out yet.
    public static func modelInheritance(entity: String, superentity: String) -> PostgresStoreError {
        PostgresStoreError(.modelInheritance(entity: entity, superentity: superentity))
    }
}
#endif
