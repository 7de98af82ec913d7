import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import Testing

/// The stores the behaviour suites run on: SQLite always, PostgreSQL when
/// `OSD_POSTGRES_URL` names a server (the suites that need one say how to set it
/// when they are skipped).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static let available: [StoreKind] = PostgresTestServer.isConfigured ? allCases : [.sqlite]

    var testDescription: String { rawValue }
}

/// One test's store of the given kind: a file in a temporary folder, or a PostgreSQL
/// schema of its own; both removed when the test lets go of it.
final class BehaviourStore {
    let kind: StoreKind
    private let folder: URL?
    private let scratch: TemporarySchema?
    private let types: [any PersistentModel.Type]

    init(_ kind: StoreKind, for types: [any PersistentModel.Type]) throws {
        self.kind = kind
        self.types = types
        switch kind {
        case .sqlite:
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("osd-behaviour-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder!, withIntermediateDirectories: true)
            scratch = nil
        case .postgres:
            folder = nil
            scratch = try TemporarySchema(create: false)
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
        case .postgres:
            guard let scratch else { throw MissingServer() }
            return try ModelContainer(for: schema, configurations: [PostgresConfiguration(location: scratch.location, maximumConnections: 2)])
        }
    }

    deinit {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}
