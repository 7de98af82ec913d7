import CustomStoreSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// The stores the behaviour suites run on: SQLite, PostgreSQL when `OSD_POSTGRES_URL`
/// names a server (else `PostgresBehaviourRunTests` is skipped, saying how to set it),
/// the JSON store a program would write for itself (`JSONStore`, through the
/// custom-store seam), and the SQLite store reached only through its `DefaultStore`'s
/// snapshots (`WrappedDefaultStore`, a program's store that passes each request on).
///
/// A test runs on ``available`` when every store has the behaviour, and on
/// ``available(for:)`` when a store lacks it by design: the capability says which, and why.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres, json, defaultStore

    /// What a store may not do by design.
    enum Capability: Sendable {
        /// An inserted model whose unique key a saved row (or another model of the same
        /// save) already holds updates that row: the store checks the key as it writes.
        /// The context cannot look a custom store's models up by value, so it compares an
        /// inserted model's key only with the saved models it holds (`DataStoreAdapter`);
        /// the JSON store checks no key, and saves such a model as another row.
        case uniqueConstraints
        /// A store written by other model code opens with this code, lightweight-migrated
        /// (new attributes take their defaults, a rename keeps the values, a change that
        /// would lose values is refused). A custom store is given the migration plan and
        /// migrates what it holds itself; the JSON store, as WWDC24's, migrates nothing:
        /// it opens any file with any models and keeps each snapshot as it was written.
        case migration
        /// A save is checked against what other containers saved since its context read
        /// (`.deny` inside the save's transaction). The JSON store has no transaction: it
        /// writes what each save sends, and the context checks `.deny` against the models
        /// as it read them.
        case checksSavesAgainstOtherContainers
        /// Each save's changes are recorded as a history transaction, read back by token.
        /// A custom store offers history only through its own `DataStore` methods; the
        /// JSON store keeps none.
        case history
        /// `context.update(_:where:set:)` sets attributes in the store, in one statement; a
        /// custom store offers it only through its own `DataStore` methods.
        case batchUpdate
        /// A sectioned fetch's sections are found by the store, in the fetch's statement,
        /// and a section's models are made only when it is used. A custom store returns
        /// models: the context groups them in memory, with the same sections.
        case sectionsInStore
    }

    /// Every store the tests can reach: PostgreSQL only with a server.
    static let available: [StoreKind] = allCases.filter { $0 != .postgres || PostgresTestServer.isConfigured }

    /// The reachable stores that have the capability.
    static func available(for capability: Capability) -> [StoreKind] {
        available.filter { $0.has(capability) }
    }

    func has(_ capability: Capability) -> Bool {
        switch (self, capability) {
        case (.sqlite, _), (.postgres, _): true
        case (.json, .uniqueConstraints), (.json, .migration), (.json, .checksSavesAgainstOtherContainers), (.json, .history), (.json, .batchUpdate),
             (.json, .sectionsInStore): false
        // The SQLite store behind it checks keys, migrates and checks saves in its
        // transaction; what the custom-store seam does not carry, it cannot offer.
        case (.defaultStore, .history), (.defaultStore, .batchUpdate), (.defaultStore, .sectionsInStore): false
        case (.defaultStore, .uniqueConstraints), (.defaultStore, .migration), (.defaultStore, .checksSavesAgainstOtherContainers): true
        }
    }

    var testDescription: String { rawValue }
}

/// Says, as a skipped test, that the behaviour suites left PostgreSQL out and how to include it.
@Suite(.enabled(if: PostgresTestServer.isConfigured, Comment(rawValue: PostgresTestServer.skipReason)))
struct PostgresBehaviourRunTests {
    @Test func theBehaviourSuitesRunOnPostgreSQL() {
        #expect(StoreKind.available.contains(.postgres))
    }
}

/// One test's store of the given kind: a file in a temporary folder (SQLite's, or the
/// JSON store's), or a PostgreSQL schema of its own; removed when the test lets go of it.
final class BehaviourStore {
    let kind: StoreKind
    private let folder: URL?
    #if PostgreSQL
    private let scratch: TemporarySchema?
    #endif
    private let types: [any PersistentModel.Type]

    init(_ kind: StoreKind, for types: [any PersistentModel.Type]) throws {
        self.kind = kind
        self.types = types
        switch kind {
        case .sqlite, .json, .defaultStore:
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("osd-behaviour-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder!, withIntermediateDirectories: true)
            #if PostgreSQL
            scratch = nil
            #endif
        case .postgres:
            folder = nil
            #if PostgreSQL
            scratch = try TemporarySchema(create: false)
            #else
            throw MissingServer()
            #endif
        }
    }

    /// A new container on the store: each call opens it again, as another process would.
    func container() throws -> ModelContainer {
        try container(for: types)
    }

    /// A new container on the store for other model code: a later (or earlier) version of the program.
    func container(for types: [any PersistentModel.Type]) throws -> ModelContainer {
        let schema = Schema(types)
        switch kind {
        case .sqlite:
            guard let folder else { throw MissingServer() }
            return try ModelContainer(for: schema, configurations: [ModelConfiguration(url: folder.appendingPathComponent("behaviour.store"))])
        case .json:
            guard let folder else { throw MissingServer() }
            let configuration = JSONStoreConfiguration(name: "Behaviour", fileURL: folder.appendingPathComponent("behaviour.json"))
            return try ModelContainer(for: schema, configurations: [configuration])
        case .defaultStore:
            guard let folder else { throw MissingServer() }
            return try ModelContainer(for: schema, configurations: [WrappedDefaultStoreConfiguration(url: folder.appendingPathComponent("behaviour.store"))])
        case .postgres:
            #if PostgreSQL
            guard let scratch else { throw MissingServer() }
            return try ModelContainer(for: schema, configurations: [PostgresConfiguration(location: scratch.location, maximumConnections: 2)])
            #else
            throw MissingServer()
            #endif
        }
    }

    deinit {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}
