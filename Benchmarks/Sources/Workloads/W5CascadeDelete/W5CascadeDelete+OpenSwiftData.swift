import Foundation
import OpenSwiftData

extension W5CascadeDelete {
    static let openSwiftDataImplementation: Implementation? = openSwiftData

    /// `delete(parent)` for each doomed parent, then one `save()` that cascades.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(ParentModel.self, for: run)
        do {
            let seeding = ModelContext(container)
            var parents: [UUID: ParentModel] = [:]
            for parent in fixture.parents {
                let model = ParentModel(id: parent.id, name: parent.name)
                parents[parent.id] = model
                seeding.insert(model)
            }
            for child in fixture.children {
                seeding.insert(ChildModel(id: child.id, name: child.name, value: child.value, parent: child.parentID.flatMap { parents[$0] }))
            }
            try seeding.save()
        }
        let context = ModelContext(container)
        let doomedIDs = fixture.doomedIDs
        let doomed = try context.fetch(FetchDescriptor<ParentModel>(predicate: #Predicate { doomedIDs.contains($0.id) }))
        try run.measure {
            for parent in doomed { context.delete(parent) }
            try context.save()
        }
        let reader = ModelContext(container)
        return Output(parentIDs: try reader.fetch(FetchDescriptor<ParentModel>()).map(\.id),
                      childParentIDs: try reader.fetch(FetchDescriptor<ChildModel>()).map { $0.parent?.id })
    }
}
