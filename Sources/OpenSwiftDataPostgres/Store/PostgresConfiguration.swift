#if PostgreSQL
import OpenSwiftData

/// Puts a container's models in a PostgreSQL database: the one change a program
/// makes to move its SwiftData models from a file to a server.
///
/// ```swift
/// let container = try ModelContainer(
///     for: Card.self, Sale.self,
///     configurations: PostgresConfiguration(url: "postgres://app@db.internal/cards"))
/// ```
///
/// Contexts, fetch descriptors, predicates, relationships, delete rules and unique
/// keys work as on the SQLite store; the DocC article "Choosing a store" says what differs.
public struct PostgresConfiguration: Hashable, @unchecked Sendable {
    public var name: String
    public var schema: Schema?
    /// The server, database and schema (`search_path`) the tables live in.
    public var location: PostgresStoreLocation
    /// The most connections the container's contexts use at once.
    public var maximumConnections: Int
    /// Whether each save records its changes in the store's history, as
    /// `ModelConfiguration.recordsHistory` does on SQLite.
    public var recordsHistory = true

    public init(_ name: String = "default", location: PostgresStoreLocation, schema: Schema? = nil, maximumConnections: Int = 4) {
        self.name = name
        self.location = location
        self.schema = schema
        self.maximumConnections = maximumConnections
    }

    /// A configuration from a `postgres://user:password@host:port/database?schema=…` URL;
    /// throws ``PostgresStoreError/invalidURL(_:problem:)`` naming what is wrong with it.
    public init(_ name: String = "default", url: String, schema: Schema? = nil, maximumConnections: Int = 4) throws {
        self.init(name, location: try PostgresStoreLocation(url: url), schema: schema, maximumConnections: maximumConnections)
    }

    public func validate() throws {
        guard maximumConnections >= 1 else {
            throw PostgresStoreError.invalidConnectionCount(maximumConnections)
        }
    }

    public static func == (lhs: PostgresConfiguration, rhs: PostgresConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.location == rhs.location && lhs.maximumConnections == rhs.maximumConnections
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(location)
    }
}
#endif
