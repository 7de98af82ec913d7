import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A keeper of pets.
@Model
final class SyncKeeper {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \SyncPet.keeper) var pets: [SyncPet] = []

    init(name: String) { self.name = name }
}

/// A pet, which always has a keeper: its to-one is not optional.
@Model
final class SyncPet {
    var name: String
    var keeper: SyncKeeper

    init(name: String, keeper: SyncKeeper) {
        self.name = name
        self.keeper = keeper
    }
}

/// Models whose to-one relationship is required, which a download cannot make.
@Suite struct SyncRequiredToOneTests {
    @Test("a client for models with a required to-one is refused when it is made, naming the relationship and the fix")
    func requiredToOneIsRefusedAtSetup() throws {
        let stores = try TemporaryStores()
        let container = try stores.container("device", [SyncKeeper.self, SyncPet.self] + SyncClient.models)
        let server = try SyncServer(modelContainer: try stores.container("server", SyncServer.models), schemaVersion: "1.0.0")
        #expect {
            try SyncClient(modelContainer: container, account: "alice", transport: InProcessSyncTransport(server: server, signedInAs: "alice"),
                           schemaVersion: "1.0.0")
        } throws: { error in
            guard case SyncError.unsupportedSetup(let words) = error else { return false }
            return words.contains("SyncPet.keeper") && words.contains("var keeper: SyncKeeper?")
        }
    }
}
