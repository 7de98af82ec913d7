#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// What a program learns when its PostgreSQL configuration cannot be used: no server needed.
@Suite struct ConfigurationErrorTests {
    @Test func aURLThatIsNotPostgresIsRefusedNamingTheProblem() {
        let error = #expect(throws: PostgresStoreError.self) { try PostgresConfiguration(url: "mysql://db/cards") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("PostgreSQL URL"))
    }

    @Test func aServerThatDoesNotAnswerIsNamedWhenTheContainerOpens() throws {
        // Port 1 on loopback: nothing listens there.
        let configuration = try PostgresConfiguration(url: "postgres://app@127.0.0.1:1/cards?connect_timeout=2")
        let error = #expect(throws: (any Error).self) { try ModelContainer(for: Book.self, configurations: configuration) }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("127.0.0.1:1"))
        #expect(message.contains("Cannot reach"))
    }

    @Test func fewerThanOneConnectionIsRefused() {
        let configuration = PostgresConfiguration(location: PostgresStoreLocation(host: "127.0.0.1", user: "app", database: "cards"),
                                                  maximumConnections: 0)
        #expect(throws: PostgresStoreError.invalidConnectionCount(0)) { try ModelContainer(for: Book.self, configurations: configuration) }
    }
}
#endif
