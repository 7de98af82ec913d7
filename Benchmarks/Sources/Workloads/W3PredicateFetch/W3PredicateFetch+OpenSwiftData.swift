import Foundation
import OpenSwiftData

extension W3PredicateFetch {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// One fetch with `#Predicate { $0.firstName == name }`, sorted by age.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let name = fixture.firstName
        if fixture.indexed {
            let container = try OpenSwiftDataStore.container(IndexedPersonModel.self, for: run)
            try run.once { try seed(container, fixture.people.map(IndexedPersonModel.init)) }
            let context = ModelContext(container)
            let descriptor = FetchDescriptor<IndexedPersonModel>(predicate: #Predicate { $0.firstName == name },
                                                                 sortBy: [SortDescriptor(\.age)])
            return try run.measure { try context.fetch(descriptor) }.map(\.person)
        } else {
            let container = try OpenSwiftDataStore.container(UnindexedPersonModel.self, for: run)
            try run.once { try seed(container, fixture.people.map(UnindexedPersonModel.init)) }
            let context = ModelContext(container)
            let descriptor = FetchDescriptor<UnindexedPersonModel>(predicate: #Predicate { $0.firstName == name },
                                                                   sortBy: [SortDescriptor(\.age)])
            return try run.measure { try context.fetch(descriptor) }.map(\.person)
        }
    }

    private static func seed<M: PersistentModel>(_ container: ModelContainer, _ models: [M]) throws {
        let context = ModelContext(container)
        for model in models { context.insert(model) }
        try context.save()
    }
}
