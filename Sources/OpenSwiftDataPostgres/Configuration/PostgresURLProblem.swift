#if PostgreSQL
/// What is wrong with a `postgres://` URL, as ``PostgresStoreLocation/init(url:)`` finds it.
///
/// Each description says what is wrong and what to write instead, and never repeats
/// the password.
public enum PostgresURLProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text does not begin with a scheme and `://`.
    case notAURL
    /// The scheme is not `postgres` or `postgresql`.
    case unsupportedScheme(String)
    /// No user name before the `@`.
    case missingUser
    /// No host between `@` and the port or path.
    case missingHost
    /// The port is not a number from 1 to 65535.
    case invalidPort(String)
    /// No database name after the host.
    case missingDatabase
    /// A `%` escape that does not decode to UTF-8, in the named part.
    case invalidPercentEncoding(part: String)
    /// `sslmode` has a value this package does not support.
    case unsupportedSSLMode(String)
    /// `connect_timeout` is not a whole number of seconds from 1 to 3600.
    case invalidConnectTimeout(String)
    /// `schema` is empty or longer than PostgreSQL's 63-byte identifiers.
    case invalidSchemaName(String)
    /// A query parameter this package does not know (likely a typo).
    case unknownParameter(String)

    static let form = "postgres://user:password@host:5432/database"

    public var description: String {
        switch self {
        case .notAURL:
            "it is not a URL; write it as \(Self.form)"
        case let .unsupportedScheme(scheme):
            "it begins \"\(scheme)://\"; a PostgreSQL URL begins \"postgres://\" or \"postgresql://\""
        case .missingUser:
            "it names no user; write the user before the host, as in \(Self.form)"
        case .missingHost:
            "it names no server; write the host after the \"@\", as in \(Self.form)"
        case let .invalidPort(port):
            "its port \"\(port)\" is not a number from 1 to 65535; write the server's port (PostgreSQL's is 5432) or leave it out"
        case .missingDatabase:
            "it names no database; add the database's name after the host, as in \(Self.form)"
        case let .invalidPercentEncoding(part):
            "its \(part) has a \"%\" escape that is not valid UTF-8; write \"%25\" for a literal \"%\""
        case let .unsupportedSSLMode(mode):
            "its sslmode \"\(mode)\" is not one of \(PostgresSSLMode.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .invalidConnectTimeout(value):
            "its connect_timeout \"\(value)\" is not a whole number of seconds from 1 to 3600"
        case let .invalidSchemaName(name):
            "its schema \"\(name)\" is not a usable schema name; give 1 to 63 bytes without NUL"
        case let .unknownParameter(name):
            "it has the parameter \"\(name)\", which is not one of \(PostgresStoreLocation.parameterNames.joined(separator: ", ")); check its spelling"
        }
    }
}
#endif
