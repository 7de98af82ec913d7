import Foundation

/// W8: migrate a 100,000-row store that needs a new column and a rename.
///
/// Every engine starts from the same store: 100,000 contacts written by OpenSwiftData
/// with the version 1 model (so the file holds OpenSwiftData's tables and recorded
/// schema), fresh for every iteration. Measured: bringing it to version 2, which adds
/// the optional attribute `nickname` and renames `lastName` to `familyName`.
/// OpenSwiftData does it by opening a container with the version 2 schema (diff,
/// one transaction, a check before its commit); raw SQLite and GRDB open the store and run
/// the same two `ALTER TABLE` statements by hand. Not measured: seeding, reading back.
public enum W8Migration {
    public static let label = "W8 migrate \(Scale.name(count))"
    public static let count = Scale.rows(100_000)

    public struct Fixture: Sendable {
        public let people: [Person]
        let expected: Digest
    }

    /// Every contact after the migration: its last name must now be its family name.
    public struct Contact: Sendable {
        public var id: UUID
        public var familyName: String
        public var nickname: String?

        public init(id: UUID, familyName: String, nickname: String?) {
            self.id = id
            self.familyName = familyName
            self.nickname = nickname
        }

        var rowHash: RowHasher {
            var h = RowHasher()
            h.combine(id)
            h.combine(familyName)
            h.combine(nickname == nil)
            return h
        }
    }

    public typealias Output = [Contact]
    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        let people = PeopleFixture.make(count: count, seed: 0x5EED_0008)
        var digest = Digest()
        for person in people { digest.add(Contact(id: person.id, familyName: person.lastName, nickname: nil).rowHash) }
        return Fixture(people: people, expected: digest)
    }

    static func verify(_ output: Output, _ fixture: Fixture) throws {
        var digest = Digest()
        for contact in output { digest.add(contact.rowHash) }
        try checkEqual(digest, fixture.expected, "\(label): every row kept, lastName now familyName, nickname nil")
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftData).map { engine, body in
            .make(label, engine, freshStorePerIteration: true, iterations: Scale.iterations(5),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }

    /// The statements a developer would write by hand for the same change.
    static let alterStatements = [
        #"ALTER TABLE "Contact" ADD COLUMN "nickname" TEXT"#,
        #"ALTER TABLE "Contact" RENAME COLUMN "lastName" TO "familyName""#,
    ]
}
