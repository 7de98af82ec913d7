import Foundation
import OpenSwiftData
import Testing

/// A model that adopts a protocol refining `PersistentModel` expands, saves and
/// fetches like any other.
@Suite struct RefiningProtocolModelTests {
    @Test func modelAdoptingARefiningProtocolRoundTrips() throws {
        let stamped = Date(timeIntervalSinceReferenceDate: 600_000_000)
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Stamp.self))
            context.insert(Stamp(stampedAt: stamped))
            try context.save()
        }
        let context = ModelContext(try store.container(Stamp.self))
        let stamps: [any Stamped] = try context.fetch(FetchDescriptor<Stamp>())
        #expect(stamps.map(\.stampedAt) == [stamped])
    }
}
