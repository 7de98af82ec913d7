#if PostgreSQL
import Foundation
import PostgresNIO

extension PostgresStoreLocation {
    /// PostgresNIO's configuration for a connection to this location: its server, user,
    /// database and TLS, its schema as the search path, and its application name.
    func connectionConfiguration() throws(PostgresStoreError) -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: try sslMode.tls())
        configuration.options.connectTimeout = .seconds(Int64(connectTimeout))
        if let schema {
            configuration.options.additionalStartupParameters.append(("search_path", PostgresDialect.quote(schema)))
        }
        if let applicationName {
            configuration.options.additionalStartupParameters.append(("application_name", applicationName))
        }
        return configuration
    }
}
#endif
