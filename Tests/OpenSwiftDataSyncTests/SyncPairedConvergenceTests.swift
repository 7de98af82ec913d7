import Foundation
import OpenSwiftData
import struct QueryOracle.SeededGenerator
import Testing
@testable import OpenSwiftDataSync

/// Three devices make random offline edits of a many-to-many relationship (from either
/// side) and a one-to-one relationship (from either side), and sync in random orders;
/// once each has synced after the last edit, every device and the server hold the same
/// models, and the side of the many-to-many that sync keeps agrees with the side it sends.
@Suite struct SyncPairedConvergenceTests {
    static let labelNames = ["home", "work", "later", "read"]

    /// One random edit on a device, in a context of the app's own.
    func randomEdit(_ container: ModelContainer, _ random: inout SeededGenerator) throws {
        let context = ModelContext(container)
        let notes = try context.fetch(FetchDescriptor<SyncNote>(sortBy: [SortDescriptor(\.text)]))
        let labels = try context.fetch(FetchDescriptor<SyncLabel>(sortBy: [SortDescriptor(\.name)]))
        let people = try context.fetch(FetchDescriptor<SyncPerson>(sortBy: [SortDescriptor(\.name)]))
        let desks = try context.fetch(FetchDescriptor<SyncDesk>(sortBy: [SortDescriptor(\.label)]))
        let word = "w\(Int.random(in: 0..<1000, using: &random))"
        // Weighted so that stores grow: inserts and edits are more likely than deletes.
        switch random.index(weighted: [4, 3, 4, 4, 2, 2, 1, 1, 3, 3, 3, 3, 1, 1, 2]) {
        case 0:
            let note = SyncNote(text: word)
            context.insert(note)
            note.labels = Array(labels.shuffled(using: &random).prefix(Int.random(in: 0..<3, using: &random)))
        case 1:
            // Names from a small set: devices make the same name often (one label, merged).
            let label = SyncLabel(name: Self.labelNames.randomElement(using: &random) ?? "home")
            context.insert(label)
            label.notes = Array(notes.shuffled(using: &random).prefix(Int.random(in: 0..<3, using: &random)))
        case 2:
            // From the side sync sends.
            guard let label = labels.randomElement(using: &random), let note = notes.randomElement(using: &random) else { return }
            if label.notes.contains(note) { label.notes.removeAll { $0 == note } } else { label.notes.append(note) }
        case 3:
            // From the side sync keeps from the other.
            guard let note = notes.randomElement(using: &random), let label = labels.randomElement(using: &random) else { return }
            if note.labels.contains(label) { note.labels.removeAll { $0 == label } } else { note.labels.append(label) }
        case 4:
            guard let label = labels.randomElement(using: &random), label.notes.count > 1 else { return }
            label.notes = label.notes.shuffled(using: &random)
        case 5:
            notes.randomElement(using: &random)?.text = word
        case 6:
            if let note = notes.randomElement(using: &random) { context.delete(note) }
        case 7:
            if let label = labels.randomElement(using: &random) { context.delete(label) }
        case 8:
            context.insert(SyncPerson(name: word))
        case 9:
            context.insert(SyncDesk(label: word))
        case 10:
            // From the side that holds the store's key.
            desks.randomElement(using: &random)?.owner = Bool.random(using: &random) ? people.randomElement(using: &random) : nil
        case 11:
            // From the other side.
            people.randomElement(using: &random)?.desk = Bool.random(using: &random) ? desks.randomElement(using: &random) : nil
        case 12:
            if let person = people.randomElement(using: &random) { context.delete(person) }
        case 13:
            if let desk = desks.randomElement(using: &random) { context.delete(desk) }
        default:
            people.randomElement(using: &random)?.name = word
        }
        try context.save()
    }

    func converges(seed: UInt64, edits: Int) async throws {
        var random = SeededGenerator(seed: seed)
        let world = try SyncWorld(devices: 3, models: syncPairedTestModels)
        try await world.runRandomly(edits: edits, random: &random, edit: randomEdit)
        let server = try await world.expectEveryDeviceMatchesServer("seed \(seed): ")
        for (index, device) in world.devices.enumerated() {
            let names = ["SyncNote", "SyncLabel", "SyncPerson", "SyncDesk"]
            let counts = [try device.container.all(SyncNote.self).count, try device.container.all(SyncLabel.self).count,
                          try device.container.all(SyncPerson.self).count, try device.container.all(SyncDesk.self).count]
            #expect(counts == names.map { name in server.filter { $0.entityName == name }.count },
                    "seed \(seed): device \(index) holds models sync does not know")
            // Each note's labels are the labels that hold it.
            let held = Set(try device.container.all(SyncLabel.self).flatMap { label in label.notes.map { "\($0.text)/\(label.name)" } })
            let holding = Set(try device.container.all(SyncNote.self).flatMap { note in note.labels.map { "\(note.text)/\($0.name)" } })
            #expect(held == holding, "seed \(seed): device \(index)'s two sides of the many-to-many differ")
        }
    }

    @Test("three devices with random offline edits of a many-to-many and a one-to-one end in the same state as the server",
          arguments: 0..<16)
    func threeDevicesConverge(run: Int) async throws {
        let seed = UInt64(run) &* 6151 &+ 20_261_205
        try await converges(seed: seed, edits: 200)
    }
}
