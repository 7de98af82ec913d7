import Foundation
import OpenSwiftData
import struct QueryOracle.SeededGenerator
import Testing
@testable import OpenSwiftDataSync

/// Three devices make random offline edits of models whose to-ones are required (pets
/// that must name a keeper and a walker; keepers of a few names, merged when two devices
/// make one) and sync in random orders; every device and the server end in the same
/// state, and every pet names a keeper and a walker that are there.
@Suite struct SyncRequiredToOneConvergenceTests {
    static let keeperNames = ["ann", "bea", "cy"]

    /// One random edit on a device, in a context of the app's own.
    func randomEdit(_ container: ModelContainer, _ random: inout SeededGenerator) throws {
        let context = ModelContext(container)
        let keepers = try context.fetch(FetchDescriptor<SyncKeeper>(sortBy: [SortDescriptor(\.name)]))
        let walkers = try context.fetch(FetchDescriptor<SyncWalker>(sortBy: [SortDescriptor(\.name)]))
        let pets = try context.fetch(FetchDescriptor<SyncPet>(sortBy: [SortDescriptor(\.name)]))
        let word = "w\(Int.random(in: 0..<1000, using: &random))"
        // Weighted so that stores grow: inserts and edits are more likely than deletes.
        switch random.index(weighted: [2, 2, 5, 3, 3, 2, 1, 1, 1]) {
        case 0:
            context.insert(SyncKeeper(name: Self.keeperNames.randomElement(using: &random) ?? "ann"))
        case 1:
            context.insert(SyncWalker(name: word))
        case 2:
            guard let keeper = keepers.randomElement(using: &random), let walker = walkers.randomElement(using: &random) else { return }
            context.insert(SyncPet(name: word, keeper: keeper, walker: walker))
        case 3:
            guard let pet = pets.randomElement(using: &random), let keeper = keepers.randomElement(using: &random) else { return }
            pet.keeper = keeper
        case 4:
            guard let pet = pets.randomElement(using: &random), let walker = walkers.randomElement(using: &random) else { return }
            pet.walker = walker
        case 5:
            pets.randomElement(using: &random)?.name = word
        case 6:
            if let pet = pets.randomElement(using: &random) { context.delete(pet) }
        case 7:
            // Its pets go with it (.cascade).
            if let keeper = keepers.randomElement(using: &random) { context.delete(keeper) }
        default:
            // The app deletes a walker only once it has no pets (its rule is .nullify).
            if let walker = walkers.randomElement(using: &random), walker.pets.isEmpty { context.delete(walker) }
        }
        try context.save()
    }

    @Test("three devices with random offline edits of models with required to-ones end in the same state as the server",
          arguments: 0..<16)
    func threeDevicesConverge(run: Int) async throws {
        let seed = UInt64(run) &* 4973 &+ 20_261_205
        var random = SeededGenerator(seed: seed)
        let world = try SyncWorld(devices: 3, models: syncRequiredToOneModels)
        try await world.runRandomly(edits: 200, random: &random, edit: randomEdit)
        let server = try await world.expectEveryDeviceMatchesServer("seed \(seed): ")
        for (index, device) in world.devices.enumerated() {
            let context = ModelContext(device.container)
            let keepers = Set(try context.fetch(FetchDescriptor<SyncKeeper>()).map(\.persistentModelID))
            let walkers = Set(try context.fetch(FetchDescriptor<SyncWalker>()).map(\.persistentModelID))
            let pets = try context.fetch(FetchDescriptor<SyncPet>())
            #expect(pets.allSatisfy { keepers.contains($0.keeper.persistentModelID) && walkers.contains($0.walker.persistentModelID) },
                    "seed \(seed): device \(index) holds a pet whose keeper or walker is not there")
            #expect(pets.count == server.filter { $0.entityName == "SyncPet" }.count, "seed \(seed): device \(index) holds pets sync does not know")
        }
    }
}
