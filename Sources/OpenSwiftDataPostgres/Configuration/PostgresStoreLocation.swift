#if PostgreSQL
import Foundation

/// Where a PostgreSQL store lives: the server, the credentials, the database and,
/// optionally, the schema inside it.
///
/// Made from a libpq-style URL:
///
/// ```swift
/// let location = try PostgresStoreLocation(url: "postgres://app:secret@db.internal:5432/inventory?sslmode=require")
/// ```
///
/// The query parameters are `sslmode` (``PostgresSSLMode``, `prefer` when absent),
/// `connect_timeout` (seconds, 10 when absent), `application_name` (shown in
/// `pg_stat_activity`) and `schema`, this package's own: the schema the store's
/// tables live in (the connection's `search_path`), `public` when absent. User,
/// password and database may be `%`-escaped. A URL with any other parameter is
/// refused, so that a misspelt `sslmode` cannot silently turn encryption off.
///
/// ``description`` never shows the password.
public struct PostgresStoreLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var sslMode: PostgresSSLMode
    /// The schema the tables live in; nil for the server's default search path (`public`).
    public var schema: String?
    /// Seconds to wait for the server to accept a connection.
    public var connectTimeout: Int
    public var applicationName: String?

    /// The query parameters ``init(url:)`` accepts.
    public static let parameterNames = ["sslmode", "connect_timeout", "application_name", "schema"]

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String,
                sslMode: PostgresSSLMode = .prefer, schema: String? = nil, connectTimeout: Int = 10,
                applicationName: String? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode
        self.schema = schema
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
    }

    /// Parses a `postgres://user:password@host:port/database?parameters` URL.
    ///
    /// Throws ``PostgresStoreError/invalidURL(_:)`` naming what is wrong.
    public init(url text: String) throws(PostgresStoreError) {
        do {
            self = try Self.parse(text)
        } catch {
            throw .invalidURL(error)
        }
    }

    public var description: String {
        let credentials = user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? user
        let secret = password == nil ? "" : ":***"
        let hostPart = host.contains(":") ? "[\(host)]" : host
        var parameters: [String] = []
        if sslMode != .prefer { parameters.append("sslmode=\(sslMode.rawValue)") }
        if let schema { parameters.append("schema=\(schema)") }
        let query = parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
        return "postgres://\(credentials)\(secret)@\(hostPart):\(port)/\(database)\(query)"
    }

    /// The server's address as errors name it.
    var serverDescription: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func parse(_ text: String) throws(PostgresURLProblem) -> PostgresStoreLocation {
        guard let schemeEnd = text.range(of: "://") else { throw .notAURL }
        let scheme = String(text[..<schemeEnd.lowerBound])
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { throw .notAURL }
        guard ["postgres", "postgresql"].contains(scheme.lowercased()) else { throw .unsupportedScheme(scheme) }

        var rest = Substring(text[schemeEnd.upperBound...])
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let authority: Substring
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            path = rest[rest.index(after: slash)...]
        } else {
            authority = rest
        }

        guard let at = authority.lastIndex(of: "@") else { throw .missingUser }
        let userInfo = authority[..<at]
        let hostAndPort = authority[authority.index(after: at)...]
        let userText: Substring
        var password: String?
        if let colon = userInfo.firstIndex(of: ":") {
            userText = userInfo[..<colon]
            password = try decode(userInfo[userInfo.index(after: colon)...], part: "password")
        } else {
            userText = userInfo
        }
        let user = try decode(userText, part: "user name")
        guard !user.isEmpty else { throw .missingUser }

        let (host, port) = try parseHostAndPort(hostAndPort)
        guard !path.isEmpty else { throw .missingDatabase }
        let database = try decode(path, part: "database name")
        guard !database.isEmpty, !database.contains("/") else { throw .missingDatabase }

        var location = PostgresStoreLocation(host: host, port: port, user: user, password: password, database: database)
        try location.apply(parameters: queryText)
        return location
    }

    private static func parseHostAndPort(_ text: Substring) throws(PostgresURLProblem) -> (String, Int) {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            // An IPv6 address: [::1]:5432
            guard let close = text.firstIndex(of: "]") else { throw .missingHost }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidPort(String(after)) }
                portText = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = text
        }
        guard !host.isEmpty else { throw .missingHost }
        var port = 5432
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(portText), (1...65535).contains(number) else { throw .invalidPort(String(portText)) }
            port = number
        }
        return (try decode(host, part: "host"), port)
    }

    private mutating func apply(parameters text: Substring) throws(PostgresURLProblem) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0], part: "parameter name")
            let value = try Self.decode(parts.count > 1 ? parts[1] : "", part: "parameter \(name)")
            switch name {
            case "sslmode":
                guard let mode = PostgresSSLMode(rawValue: value) else { throw .unsupportedSSLMode(value) }
                sslMode = mode
            case "connect_timeout":
                guard let seconds = Int(value), (1...3600).contains(seconds) else { throw .invalidConnectTimeout(value) }
                connectTimeout = seconds
            case "application_name":
                applicationName = value
            case "schema":
                guard !value.isEmpty, value.utf8.count <= 63, !value.contains("\0") else { throw .invalidSchemaName(value) }
                schema = value
            default:
                throw .unknownParameter(name)
            }
        }
    }

    private static func decode(_ text: Substring, part: String) throws(PostgresURLProblem) -> String {
        guard text.contains("%") else { return String(text) }
        guard let decoded = String(text).removingPercentEncoding else { throw .invalidPercentEncoding(part: part) }
        return decoded
    }
}
#endif
