#if PostgreSQL
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Synchronization
import Testing

@Model final class Ticket {
    var writer: String
    var number: Int
    init(writer: String, number: Int) {
        self.writer = writer
        self.number = number
    }
}

/// History on PostgreSQL read by token while other instances save: transaction numbers
/// are given in commit order, so a reader that follows by token misses none.
@Suite(.enabled(if: PostgresTestServer.isConfigured, "set OSD_POSTGRES_URL to a postgres:// URL; .ci/postgres starts a server and sets it"))
struct HistoryOrderTests {
    private let scratch: TemporarySchema

    init() throws {
        scratch = try TemporarySchema(create: false)
    }

    private func instance() throws -> ModelContainer {
        try ModelContainer(for: Ticket.self, configurations: PostgresConfiguration(location: scratch.location, maximumConnections: 2))
    }

    @Test func aReaderFollowingByTokenWhileThreeInstancesSaveMissesNoTransaction() throws {
        let reader = ModelContext(try instance())
        let writers = try (0..<3).map { _ in try instance() }
        let saves = 40
        let finished = DispatchGroup()
        let failures = Mutex<[String]>([])
        // Threads of their own: the saves block while they wait for the server.
        for (index, container) in writers.enumerated() {
            finished.enter()
            Thread {
                defer { finished.leave() }
                let context = ModelContext(container)
                do {
                    for number in 0..<saves {
                        context.insert(Ticket(writer: "w\(index)", number: number))
                        try context.save()
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }.start()
        }
        var followed: [Int64] = []
        var last: DefaultHistoryToken?
        func follow() throws {
            let descriptor = HistoryDescriptor<DefaultHistoryTransaction>(predicate: last.map { token in #Predicate { $0.token > token } })
            let transactions = try reader.fetchHistory(descriptor)
            followed += transactions.map(\.transactionIdentifier)
            last = transactions.last?.token ?? last
        }
        var reads = 0
        while finished.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
            try follow()
            reads += 1
        }
        try follow()
        #expect(failures.withLock { $0 }.isEmpty)
        let all = try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).map(\.transactionIdentifier)
        #expect(all.count == 3 * saves)
        #expect(followed == all)
        #expect(reads > 1, "the reader read while the instances saved")
    }
}
#endif
