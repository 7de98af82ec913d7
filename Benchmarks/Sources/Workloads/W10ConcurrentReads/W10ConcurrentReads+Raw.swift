import Foundation

extension W10ConcurrentReads {
    /// One connection per thread, each with its prepared statement.
    @Sendable static func raw(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        try run.once { try PeopleSQL.seed(run.storeURL, people: fixture.people, indexed: true) }
        let readerConnections = try (0..<readers).map { _ in try RawDatabase(run.storeURL) }
        let readStatements = try readerConnections.map {
            try $0.prepare("SELECT \(PeopleSQL.columns) FROM Person WHERE firstName = ? ORDER BY age")
        }
        let writer = try RawDatabase(run.storeURL)
        let connections = UncheckedSendable((readStatements, writer))
        return try run.measure {
            try runConcurrently(
                read: { reader in
                    let statement = connections.value.0[reader]
                    statement.bind(1, name)
                    return try PeopleSQL.fetch(statement).map(\.age)
                },
                write: { index in
                    let writer = connections.value.1
                    try writer.transaction { try PeopleSQL.insert([written(index)], into: writer) }
                })
        }
    }
}

/// Hands connections that each thread uses alone to the threads.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
