import Foundation
import PostgresNIO

/// The Person table on PostgreSQL and the PostgresNIO statements on it that W1, W3 and
/// W4 share: a native `uuid` key, and every multi-row write as one statement over
/// `unnest` of bound arrays (one round trip for all rows, as a careful PostgresNIO user
/// writes a bulk insert).
enum PeoplePostgres {
    static let createTable = "CREATE TABLE person (id uuid PRIMARY KEY, firstname text NOT NULL, lastname text NOT NULL, age bigint NOT NULL)"
    static let createFirstNameIndex = "CREATE INDEX person_firstname ON person (firstname)"

    static func createSchema(_ db: RawPostgres, indexed: Bool = false) throws {
        try db.execute(indexed ? [createTable, createFirstNameIndex] : [createTable])
    }

    /// Inserts `people` in one statement; the caller owns the transaction.
    static func insert(_ people: [Person], on connection: PostgresConnection) async throws {
        let ids = people.map(\.id), firstNames = people.map(\.firstName)
        let lastNames = people.map(\.lastName), ages = people.map(\.age)
        _ = try await connection.query("""
            INSERT INTO person (id, firstname, lastname, age)
            SELECT * FROM unnest(\(ids)::uuid[], \(firstNames)::text[], \(lastNames)::text[], \(ages)::bigint[])
            """, logger: RawPostgres.logger)
    }

    /// Decodes rows of `SELECT id, firstname, lastname, age …`.
    static func people(_ rows: PostgresRowSequence) async throws -> [Person] {
        var people: [Person] = []
        for try await (id, firstName, lastName, age) in rows.decode((UUID, String, String, Int).self) {
            people.append(Person(id: id, firstName: firstName, lastName: lastName, age: age))
        }
        return people
    }

    static func fetchAll(_ db: RawPostgres) throws -> [Person] {
        try db.run { connection in
            try await people(connection.query("SELECT id, firstname, lastname, age FROM person", logger: RawPostgres.logger))
        }
    }

    /// A store holding `people` (setup for read and update workloads).
    static func seed(_ db: RawPostgres, _ people: [Person], indexed: Bool = false) throws {
        try createSchema(db, indexed: indexed)
        try db.run { connection in try await insert(people, on: connection) }
    }
}
