#if PostgreSQL
extension PostgresStoreError {
    /// What went wrong, with everything the message names. The store matches on it;
    /// users match on ``PostgresStoreError/code`` and read the public fields.
    package enum Kind: Equatable, Sendable {
        /// The URL cannot be used.
        case invalidURL(PostgresURLProblem)

        /// Nothing accepted a connection at the address (refused, no route, timed out, unknown host).
        case serverUnreachable(server: String, reason: String)

        /// The server refused the user's password (or has no rule letting the user in).
        case authenticationFailed(user: String, server: String)

        /// The server has no database of this name.
        case databaseNotFound(database: String, server: String)

        /// The connection broke during a call; whatever the call's transaction did was not committed.
        case connectionLost(server: String)

        /// TLS could not be set up on this machine.
        case tlsUnavailable(reason: String)

        /// A blocking call was made on a SwiftNIO event loop thread, where waiting would deadlock.
        case calledOnEventLoop

        /// The session or pool was closed before the call.
        case closed

        /// `transaction` was called inside a transaction of the same session.
        case nestedTransaction

        /// No session came free in the pool's waiting time.
        case poolExhausted(size: Int, waitedSeconds: Double)

        /// A statement inside a transaction failed (its error was caught), so the server rolled the transaction back.
        case transactionAborted

        /// A transaction met serialisation failures or deadlocks on every attempt.
        case serializationFailure(attempts: Int)

        /// A write would give two rows the same unique key.
        case uniqueViolation(table: String?, constraint: String?)

        /// A save deleted a row another row still refers to, or referred to a row another
        /// save deleted meanwhile (SQLSTATE 23503): a delete rule held against a concurrent save.
        case referenceViolation(table: String?, constraint: String?)

        /// The statement names a table that does not exist (the schema was not created).
        case tableNotFound(message: String)

        /// The statement names a column its table lacks (SQLSTATE 42703): the store's
        /// models have it, so another program changed the table after it was made.
        case columnNotFound(message: String)

        /// The server refused a statement for another reason.
        case serverError(sqlState: String, message: String)

        /// A result column has a type this package does not read.
        case unreadableColumn(column: String, typeName: String)

        /// A stored value cannot become a value of the attribute's Swift type.
        case unreadableValue(String, typeName: String)

        /// A value given for an attribute is not of the attribute's type.
        case valueOfWrongType(expected: String, found: String)

        /// A `Codable` value failed to encode as JSON.
        case valueNotEncodable(typeName: String, reason: String)

        /// A `Decimal` that is not a number cannot be stored.
        case decimalNotANumber

        /// Text holds the character U+0000, which PostgreSQL's text and JSON types cannot store.
        case textContainsNUL

        /// A table or column name is longer than PostgreSQL's 63 bytes.
        case identifierTooLong(String, entity: String)

        /// A type the schema holds has no PostgreSQL column type.
        case unsupportedAttributeType(entity: String, attribute: String, typeName: String)

        /// A configuration asks for fewer than one connection.
        case invalidConnectionCount(Int)

        /// A store was opened from a configuration without a schema, outside a container.
        case missingSchema

        /// A row of the store cannot become a model: a value of a property is missing or unreadable.
        case unreadableRow(entity: String, key: Int64, property: String, reason: String)

        /// The schema has a model class that inherits from another (`@Model class
        /// BusinessTrip: Trip`), which the PostgreSQL store cannot lay out yet.
        case modelInheritance(entity: String, superentity: String)

        var description: String {
            switch self {
            case let .invalidURL(problem):
                "The PostgreSQL URL cannot be used: \(problem)."
            case let .serverUnreachable(server, reason):
                "Cannot reach the PostgreSQL server at \(server) (\(reason)). Is the server running, and listening on that host and port?"
            case let .authenticationFailed(user, server):
                "The PostgreSQL server at \(server) refused the password of user \"\(user)\". Check the user and password in the URL."
            case let .databaseNotFound(database, server):
                "The PostgreSQL server at \(server) has no database named \"\(database)\". Create it (createdb \(database)) or correct the database name in the URL."
            case let .connectionLost(server):
                "The connection to the PostgreSQL server at \(server) was lost during the call; nothing the call was doing was committed. Try again once the server is reachable."
            case let .tlsUnavailable(reason):
                "TLS could not be set up for the connection (\(reason)). Use sslmode=disable on a trusted network, or install the system's TLS certificates."
            case .calledOnEventLoop:
                "A blocking PostgreSQL call was made on a SwiftNIO event loop thread, where waiting would stop that loop. Call it from a thread or an actor with an executor of its own (see PostgresSession)."
            case .closed:
                "The PostgreSQL session was closed; open a new one."
            case .nestedTransaction:
                "A transaction was started inside another transaction of the same session; run the inner work in the outer transaction's body."
            case let .poolExhausted(size, waited):
                "All \(size) PostgreSQL sessions stayed in use for \(waited) seconds. Finish long transactions sooner, or give the pool more sessions."
            case .transactionAborted:
                "A statement inside the transaction failed, so the server rolled the whole transaction back; nothing was written. Let the statement's error end the transaction, and fix what it names."
            case let .serializationFailure(attempts):
                "The transaction conflicted with concurrent transactions on each of \(attempts) attempts and was rolled back; nothing was written. Try again later."
            case let .uniqueViolation(table, constraint):
                "A row with the same unique key already exists" + (table.map { " in \($0)" } ?? "")
                    + (constraint.map { " (\($0))" } ?? "") + "; nothing was written. Change the key, or update the existing row."
            case let .referenceViolation(table, constraint):
                "Another save changed the related models meanwhile: this save would leave a relationship"
                    + (table.map { " of \($0)" } ?? "") + (constraint.map { " (\($0))" } ?? "")
                    + " pointing at a deleted model, so nothing was written. Fetch the models again and retry."
            case let .tableNotFound(message):
                "The store's tables are missing (\(message)); create the schema before using it."
            case let .columnNotFound(message):
                "A column of the store's models is missing from its tables (\(message)): another program changed them "
                    + "after they were made. Nothing was changed; put the column back, or restore the database from a backup."
            case let .serverError(sqlState, message) where sqlState == "42501":
                // insufficient_privilege: the user of the URL may not, and the fix is the database owner's.
                "The PostgreSQL server refused the statement: \(message) (SQLSTATE 42501). The URL's user may not do this "
                    + "there: have the database's owner grant it (a store needs CREATE and USAGE on its schema), or name a "
                    + "schema the user owns with ?schema=NAME."
            case let .serverError(sqlState, message):
                "The PostgreSQL server refused the statement: \(message) (SQLSTATE \(sqlState))."
            case let .unreadableColumn(column, typeName):
                "The column \"\(column)\" holds values of type \(typeName), which a store does not read."
            case let .unreadableValue(value, typeName):
                "The stored value \(value) is not a valid \(typeName); another program may have written it."
            case let .valueOfWrongType(expected, found):
                "A value of type \(found) was given where \(expected) is stored."
            case let .valueNotEncodable(typeName, reason):
                "A \(typeName) value could not be stored as JSON: \(reason)."
            case .decimalNotANumber:
                "A Decimal that is not a number (NaN) cannot be stored; store nil or a number."
            case .textContainsNUL:
                "The text holds the character U+0000 (NUL), which PostgreSQL cannot store in text; remove it, or store the bytes as Data."
            case let .identifierTooLong(name, entity):
                "\(entity) needs a table or column named \"\(name)\", which is longer than PostgreSQL's 63 bytes; give the model or property a shorter name (with originalName for a migration)."
            case let .unsupportedAttributeType(entity, attribute, typeName):
                "\(entity).\(attribute) has type \(typeName), which cannot be stored; make it Codable or a model."
            case let .invalidConnectionCount(count):
                "A PostgreSQL store needs at least one connection, and its configuration asks for \(count); set maximumConnections to 1 or more."
            case .missingSchema:
                "The PostgreSQL configuration names no models; open it through ModelContainer(for:configurations:), which gives it the container's schema."
            case let .unreadableRow(entity, key, property, reason):
                "The \(entity) stored with key \(key) cannot be read: its \(property) \(reason). Another program may have written it; correct or delete that row."
            case let .modelInheritance(entity, superentity):
                "The model \(entity) inherits from the model \(superentity), and the PostgreSQL store cannot store model inheritance yet. Store this schema in SQLite (the default store), or make \(entity) a model of its own."
            }
        }
    }
}
#endif
