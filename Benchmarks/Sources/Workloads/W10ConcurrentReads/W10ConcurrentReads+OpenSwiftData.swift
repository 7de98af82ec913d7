import Foundation
import OpenSwiftData

extension W10ConcurrentReads {
    /// One container; a context per read, as a server handler would make per request,
    /// and one context per save.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(IndexedPersonModel.self, at: run.storeURL)
        try run.once {
            let context = ModelContext(container)
            for person in fixture.people { context.insert(IndexedPersonModel(person)) }
            try context.save()
        }
        let descriptor = FetchDescriptor<IndexedPersonModel>(predicate: #Predicate { $0.firstName == name },
                                                             sortBy: [SortDescriptor(\.age)])
        return try run.measure {
            try runConcurrently(
                read: { _ in try ModelContext(container).fetch(descriptor).map(\.age) },
                write: { index in
                    let context = ModelContext(container)
                    context.insert(IndexedPersonModel(written(index)))
                    try context.save()
                })
        }
    }
}
