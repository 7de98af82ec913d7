import Foundation
import Synchronization

/// W10: read throughput under a writer. Four reader threads each run 50 fetches of
/// `firstName == "Jane"` sorted by age on 100,000 rows (indexed) while a fifth thread
/// saves one new row per transaction in a loop until the readers are done: what a
/// server handling requests beside a background import sees.
///
/// Measured: from the start of the five threads until the last reader finishes. Not
/// measured: building the store (once), opening connections. Each engine uses its own
/// way to read beside a writer: one connection per thread (raw), a `DatabasePool`
/// (GRDB), a container with a context per request (OpenSwiftData).
public enum W10ConcurrentReads {
    public static let readers = 4
    public static let readsPerReader = 50
    public static let name = "Jane"

    public struct Fixture: Sendable {
        public let people: [Person]
        let expectedAges: [Int]
    }

    /// Every reader's results, and how many rows the writer saved meanwhile.
    public struct Output: Sendable {
        public var reads: [[Int]]
        public var writes: Int
    }

    static let label = "W10 4 readers 1 writer"

    static func makeFixture() -> Fixture {
        let people = PeopleFixture.make(count: Scale.rows(100_000))
        return Fixture(people: people, expectedAges: people.filter { $0.firstName == name }.map(\.age).sorted())
    }

    /// Every read returned the matching rows in age order; the writer saved while they ran.
    static func verify(_ output: Output, _ fixture: Fixture) throws {
        try check(output.reads.count == readers * readsPerReader, "\(label): \(output.reads.count) reads")
        try check(output.reads.allSatisfy { $0 == fixture.expectedAges }, "\(label): a read returned other rows")
        try check(output.writes > 0, "\(label): the writer saved nothing while the readers ran")
    }

    /// A person the writer saves: never a match for the readers' predicate.
    static func written(_ index: Int) -> Person {
        Person(id: UUID(), firstName: "Writer", lastName: "Row \(index)", age: index % 90)
    }

    /// Runs `read` (each call one fetch, returning the ages it read) `readsPerReader`
    /// times on each of `readers` threads, and `write` in a loop on another thread
    /// until they are done; returns the reads and the number of writes.
    static func runConcurrently(read: @escaping @Sendable (_ reader: Int) throws -> [Int],
                                write: @escaping @Sendable (_ index: Int) throws -> Void) throws -> Output {
        let results = Mutex<(reads: [[Int]], error: (any Error)?)>(([], nil))
        let readersLeft = Atomic<Int>(readers)
        let writes = Atomic<Int>(0)
        let done = DispatchGroup()
        for reader in 0..<readers {
            done.enter()
            Thread {
                defer { readersLeft.subtract(1, ordering: .releasing); done.leave() }
                do {
                    for _ in 0..<readsPerReader {
                        let ages = try read(reader)
                        results.withLock { $0.reads.append(ages) }
                    }
                } catch {
                    results.withLock { $0.error = error }
                }
            }.start()
        }
        done.enter()
        Thread {
            defer { done.leave() }
            do {
                while readersLeft.load(ordering: .acquiring) > 0 {
                    try write(writes.add(1, ordering: .relaxed).newValue)
                }
            } catch {
                results.withLock { $0.error = error }
            }
        }.start()
        done.wait()
        let (reads, error) = results.withLock { ($0.reads, $0.error) }
        if let error { throw error }
        return Output(reads: reads, writes: writes.load(ordering: .acquiring))
    }

    public static var cases: [BenchmarkCase] {
        implementations(raw: raw, grdb: grdb, openSwiftData: openSwiftData).map { engine, body in
            .make(label, engine, freshStorePerIteration: false, iterations: Scale.iterations(10),
                  fixture: makeFixture, implementation: body, verify: verify)
        }
    }
}
