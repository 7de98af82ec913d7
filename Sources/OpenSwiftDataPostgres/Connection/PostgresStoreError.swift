#if PostgreSQL
import Foundation

/// Why a PostgreSQL call failed, as a value: a ``code`` to match, the server, table
/// and SQLSTATE where there is one, and a message in the words of the person who has to
/// fix it.
///
/// Messages name the server (never the password), the database, the table or the value
/// at fault and what to do; they never quote SQL. Match on the code, as PostgresNIO's
/// `PSQLError` has its own; a `switch` over codes keeps a `default`, because new codes
/// come with new releases. Two errors are equal when their codes and every detail agree.
public struct PostgresStoreError: Error, LocalizedError, Equatable, Sendable, CustomStringConvertible {
    package let kind: Kind

    package init(_ kind: Kind) { self.kind = kind }

    /// What kind of error this is.
    public var code: Code {
        switch kind {
        case .invalidURL: .invalidURL
        case .serverUnreachable: .serverUnreachable
        case .authenticationFailed: .authenticationFailed
        case .databaseNotFound: .databaseNotFound
        case .connectionLost: .connectionLost
        case .tlsUnavailable: .tlsUnavailable
        case .calledOnEventLoop: .calledOnEventLoop
        case .closed: .closed
        case .nestedTransaction: .nestedTransaction
        case .poolExhausted: .poolExhausted
        case .transactionAborted: .transactionAborted
        case .serializationFailure: .serializationFailure
        case .uniqueViolation: .uniqueViolation
        case .referenceViolation: .referenceViolation
        case .tableNotFound: .tableNotFound
        case .columnNotFound: .columnNotFound
        case .serverError: .serverError
        case .unreadableColumn: .unreadableColumn
        case .unreadableValue: .unreadableValue
        case .valueOfWrongType: .valueOfWrongType
        case .valueNotEncodable: .valueNotEncodable
        case .decimalNotANumber: .decimalNotANumber
        case .textContainsNUL: .textContainsNUL
        case .identifierTooLong: .identifierTooLong
        case .unsupportedAttributeType: .unsupportedAttributeType
        case .invalidConnectionCount: .invalidConnectionCount
        case .missingSchema: .missingSchema
        case .unreadableRow: .unreadableRow
        case .modelInheritance: .modelInheritance
        }
    }

    /// The server's SQLSTATE, for a statement the server refused (code ``Code/serverError``).
    public var sqlState: String? {
        if case let .serverError(sqlState, _) = kind { sqlState } else { nil }
    }

    /// The server the error is about, as `host:port`, when a connection failed.
    public var server: String? {
        switch kind {
        case let .serverUnreachable(server, _), let .authenticationFailed(_, server), let .databaseNotFound(_, server),
             let .connectionLost(server):
            server
        default:
            nil
        }
    }

    /// The table a unique key or a reference was violated in, when the server named it.
    public var table: String? {
        switch kind {
        case let .uniqueViolation(table, _), let .referenceViolation(table, _): table
        default: nil
        }
    }

    /// The model's entity the error is about, if it is about one.
    public var entityName: String? {
        switch kind {
        case let .identifierTooLong(_, entity), let .unsupportedAttributeType(entity, _, _), let .unreadableRow(entity, _, _, _),
             let .modelInheritance(entity, _):
            entity
        default:
            nil
        }
    }

    /// SQLSTATE 40001 (serialization_failure) and 40P01 (deadlock_detected): the
    /// transaction lost a race and may succeed when run again.
    public var isRetryable: Bool {
        sqlState == "40001" || sqlState == "40P01"
    }

    /// The session that met this error can no longer be used.
    var breaksConnection: Bool {
        switch kind {
        case .connectionLost, .closed: true
        default: false
        }
    }

    public var description: String { kind.description }

    /// The ``description``: without it, `localizedDescription` (which a server or tool shows)
    /// was "The operation could not be completed. (OpenSwiftDataPostgres.PostgresStoreError error 1.)".
    public var errorDescription: String? { description }
}
#endif
