#if PostgreSQL
import Foundation
import PostgresNIO

/// Turns what PostgresNIO and SwiftNIO throw into a ``PostgresStoreError`` naming the
/// server, user or database at fault.
enum PostgresErrorTranslation {
    /// SQLSTATEs that mean the server ended the connection (PostgreSQL Appendix A, class 57:
    /// admin_shutdown, crash_shutdown, cannot_connect_now) or that it broke (class 08).
    private static let connectionEndingStates: Set<String> = ["57P01", "57P02", "57P03"]

    static func translate(_ error: any Error, location: PostgresStoreLocation, connecting: Bool) -> PostgresStoreError {
        if let error = error as? PostgresStoreError { return error }
        let server = location.serverDescription
        guard let error = error as? PSQLError else {
            return connecting ? .serverUnreachable(server: server, reason: reason(for: error, location: location)) : .connectionLost(server: server)
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "no message"
            switch state {
            case "28P01", "28000": return .authenticationFailed(user: location.user, server: server)
            case "3D000": return .databaseNotFound(database: location.database, server: server)
            case "23505": return .uniqueViolation(table: error.serverInfo?[.tableName], constraint: error.serverInfo?[.constraintName])
            case "23503": return .referenceViolation(table: error.serverInfo?[.tableName], constraint: error.serverInfo?[.constraintName])
            case "42P01": return .tableNotFound(message: message)
            case "42703": return .columnNotFound(message: message)
            case _ where connectionEndingStates.contains(state) || state.hasPrefix("08"):
                return connecting ? .serverUnreachable(server: server, reason: message) : .connectionLost(server: server)
            default: return .serverError(sqlState: state, message: message)
            }
        case .connectionError:
            return connecting
                ? .serverUnreachable(server: server, reason: reason(for: error.underlying, location: location))
                : .connectionLost(server: server)
        case .sslUnsupported:
            return .serverUnreachable(server: server, reason: "the server does not offer TLS, which sslmode=\(location.sslMode.rawValue) requires")
        case .authMechanismRequiresPassword:
            return .authenticationFailed(user: location.user, server: server)
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return connecting ? .serverUnreachable(server: server, reason: "the server closed the connection") : .connectionLost(server: server)
        default:
            return connecting ? .serverUnreachable(server: server, reason: "\(error.code)") : .connectionLost(server: server)
        }
    }

    /// Why a connection attempt failed, in words.
    private static func reason(for error: (any Error)?, location: PostgresStoreLocation) -> String {
        switch error {
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return "the host name \"\(location.host)\" could not be resolved"
            }
            return error.connectionErrors.first.map { reason(for: $0.error, location: location) } ?? "no address of the host answered"
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return "connection refused"
        case let error as IOError where error.errnoCode == ETIMEDOUT:
            return "no answer within \(location.connectTimeout) seconds"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout = error { return "no answer within \(location.connectTimeout) seconds" }
            return "\(error)"
        case let error?:
            return "\(error)"
        case nil:
            return "no reason given"
        }
    }
}
#endif
