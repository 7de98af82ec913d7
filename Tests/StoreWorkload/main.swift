// A second process for the engine's tests: it writes to a store file in a loop while
// the test, and other copies of this program, use the same file, or until the test
// kills it.
//
//     StoreWorkload insert STORE WRITER COUNT   one save per row, with a count every tenth
//     StoreWorkload upsert STORE WRITER COUNT   one save per row of unique keys 0..<COUNT, which
//                                               every writer inserts (each an upsert)
//     StoreWorkload batches STORE               saves batches until killed (see `saveBatch`)
//     StoreWorkload hold-lock STORE             holds the store's write lock (BEGIN IMMEDIATE),
//                                               prints "locked", and keeps it until its standard
//                                               input ends; then rolls back and exits 0
//     StoreWorkload claim STORE NAME MILLISECONDS in one `transaction(block:)`: counts the
//                                               claims of NAME, prints "checked", waits, and
//                                               inserts a claim if none was there; then prints
//                                               "claimed" or "taken"
//
// STORE is a file's path, or a postgres:// URL for the PostgreSQL store.
// `insert` prints nothing on success and exits 0; `batches` prints "saved N" after each
// save of batch N returns. On any error it prints the error and exits 1.
import Foundation
import GRDB
import OpenSwiftData
import OpenSwiftDataPostgres

@Model final class Tally {
    var writer: String
    var sequence: Int
    init(writer: String, sequence: Int) {
        self.writer = writer
        self.sequence = sequence
    }
}

@Model final class Reading {
    @Attribute(.unique) var key: Int
    var writer: String
    init(key: Int, writer: String) {
        self.key = key
        self.writer = writer
    }
}

/// A container on the file or the PostgreSQL database `store` names.
func openContainer(_ store: String, for types: [any PersistentModel.Type]) throws -> ModelContainer {
    #if PostgreSQL
    if store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") {
        return try ModelContainer(for: Schema(types), configurations: [try PostgresConfiguration(url: store, maximumConnections: 1)])
    }
    #endif
    return try ModelContainer(for: Schema(types), migrationPlan: nil, configurations: [ModelConfiguration(url: URL(fileURLWithPath: store))])
}

@Model final class Claim {
    var name: String
    var claimant: String
    init(name: String, claimant: String) {
        self.name = name
        self.claimant = claimant
    }
}

@Model final class Batch {
    @Attribute(.unique) var number: Int
    @Relationship(deleteRule: .cascade, inverse: \Item.batch) var items: [Item] = []
    init(number: Int) { self.number = number }
}

@Model final class Item {
    var position: Int
    var batch: Batch?
    init(position: Int) { self.position = position }
}

/// One save: batch `number` with 20 items, the items of the batch before it reversed
/// (a to-many reorder), and batch `number - 5` deleted with its items (a cascade).
/// After any number of these, the store holds batches `number - 4 ... number`.
func saveBatch(_ number: Int, in container: ModelContainer) throws {
    let context = ModelContext(container)
    let batch = Batch(number: number)
    context.insert(batch)
    batch.items = (0..<20).map { Item(position: $0) }
    if let previous = try context.fetch(FetchDescriptor<Batch>(predicate: #Predicate { $0.number == number - 1 })).first {
        previous.items = previous.items.reversed()
    }
    for old in try context.fetch(FetchDescriptor<Batch>(predicate: #Predicate { $0.number <= number - 5 })) {
        context.delete(old)
    }
    try context.save()
}

let arguments = CommandLine.arguments
var step = "opening the store"
do {
    switch (arguments.count, arguments.count > 1 ? arguments[1] : "") {
    case (5, "insert"):
        guard let count = Int(arguments[4]) else { throw CocoaError(.formatting) }
        let writer = arguments[3]
        step = "\(writer), opening the store"
        let container = try openContainer(arguments[2], for: [Tally.self])
        for sequence in 0..<count {
            let context = ModelContext(container)
            context.insert(Tally(writer: writer, sequence: sequence))
            step = "\(writer), saving row \(sequence)"
            try context.save()
            if sequence % 10 == 0 {
                step = "\(writer), counting after row \(sequence)"
                _ = try context.fetchCount(FetchDescriptor<Tally>(predicate: #Predicate { $0.writer == writer }))
            }
        }
    case (5, "upsert"):
        guard let count = Int(arguments[4]) else { throw CocoaError(.formatting) }
        let writer = arguments[3]
        step = "\(writer), opening the store"
        let container = try openContainer(arguments[2], for: [Reading.self])
        for key in 0..<count {
            let context = ModelContext(container)
            context.insert(Reading(key: key, writer: writer))
            step = "\(writer), saving key \(key)"
            try context.save()
        }
    case (3, "batches"):
        let container = try openContainer(arguments[2], for: [Batch.self, Item.self])
        var descriptor = FetchDescriptor<Batch>(sortBy: [SortDescriptor(\.number, order: .reverse)])
        descriptor.fetchLimit = 1
        var number = (try ModelContext(container).fetch(descriptor).first?.number ?? 0) + 1
        while true {
            step = "saving batch \(number)"
            try saveBatch(number, in: container)
            FileHandle.standardOutput.write(Data("saved \(number)\n".utf8))
            number += 1
        }
    case (5, "claim"):
        let name = arguments[3]
        guard let milliseconds = UInt32(arguments[4]) else { throw CocoaError(.formatting) }
        let context = ModelContext(try openContainer(arguments[2], for: [Claim.self]))
        var claimed = false
        step = "claiming \(name)"
        try context.transaction {
            let taken = try context.fetchCount(FetchDescriptor<Claim>(predicate: #Predicate { $0.name == name })) > 0
            FileHandle.standardOutput.write(Data("checked\n".utf8))
            usleep(milliseconds * 1000)
            if !taken {
                context.insert(Claim(name: name, claimant: "workload"))
                claimed = true
            }
        }
        FileHandle.standardOutput.write(Data((claimed ? "claimed\n" : "taken\n").utf8))
    case (3, "hold-lock"):
        var configuration = GRDB.Configuration()
        configuration.allowsUnsafeTransactions = true
        let queue = try DatabaseQueue(path: arguments[2], configuration: configuration)
        step = "taking the write lock"
        try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        FileHandle.standardOutput.write(Data("locked\n".utf8))
        _ = FileHandle.standardInput.readDataToEndOfFile()
        step = "releasing the write lock"
        try queue.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try queue.close()
    default:
        FileHandle.standardError.write(Data("usage: StoreWorkload insert|upsert STORE WRITER COUNT | StoreWorkload batches|hold-lock STORE | StoreWorkload claim STORE NAME MILLISECONDS\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(step): \(error)\n".utf8))
    exit(1)
}
