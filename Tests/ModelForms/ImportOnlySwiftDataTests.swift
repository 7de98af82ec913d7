// This file imports only `SwiftData` (and Testing): Foundation's `Date`, `UUID`,
// `Data`, `ProcessInfo` and Observation's `@Observable` must come through it, as they
// do through Apple's module.
#if !canImport(Darwin)
import SwiftData
import Testing

@Model
final class HostSnapshot {
    var id: UUID
    var takenAt: Date
    var payload: Data
    var host: String

    init(id: UUID, takenAt: Date, payload: Data, host: String) {
        self.id = id
        self.takenAt = takenAt
        self.payload = payload
        self.host = host
    }
}

@Observable
final class SnapshotCounter {
    var count = 0
}

@Suite struct ImportOnlySwiftDataTests {
    @Test func foundationTypesRoundTripInAFileImportingOnlySwiftData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ImportOnlySwiftData-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("snapshots.store")
        let id = UUID()
        let takenAt = Date(timeIntervalSinceReferenceDate: 500_000_000)
        let host = ProcessInfo.processInfo.hostName
        do {
            let container = try ModelContainer(for: Schema([HostSnapshot.self]), configurations: [ModelConfiguration(url: url)])
            let context = ModelContext(container)
            context.insert(HostSnapshot(id: id, takenAt: takenAt, payload: Data([1, 2, 3]), host: host))
            try context.save()
        }
        let container = try ModelContainer(for: Schema([HostSnapshot.self]), configurations: [ModelConfiguration(url: url)])
        let snapshots = try ModelContext(container).fetch(FetchDescriptor<HostSnapshot>())
        try #require(snapshots.count == 1)
        #expect(snapshots[0].id == id)
        #expect(snapshots[0].takenAt == takenAt)
        #expect(snapshots[0].payload == Data([1, 2, 3]))
        #expect(snapshots[0].host == host)
    }

    @Test func observableClassInAFileImportingOnlySwiftDataReportsChanges() {
        let counter = SnapshotCounter()
        let changed = ObservationFlag()
        withObservationTracking { _ = counter.count } onChange: { changed.set() }
        counter.count += 1
        #expect(changed.isSet)
    }
}
#endif
