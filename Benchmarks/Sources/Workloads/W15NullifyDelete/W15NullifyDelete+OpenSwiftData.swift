import Foundation
import OpenSwiftData

extension W15NullifyDelete {
    /// `delete(parent)`, then one `save()` that nullifies the children's `parent`.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(HolderModel.self, for: run)
        do {
            let seeding = ModelContext(container)
            let parent = HolderModel(id: fixture.parentID, name: fixture.parentName)
            seeding.insert(parent)
            for child in fixture.children {
                seeding.insert(MemberModel(id: child.id, name: child.name, value: child.value, parent: parent))
            }
            try seeding.save()
        }
        let context = ModelContext(container)
        let parentID = fixture.parentID
        guard let parent = try context.fetch(FetchDescriptor<HolderModel>(predicate: #Predicate { $0.id == parentID })).first else {
            throw WorkloadError("\(label): OpenSwiftData did not load the parent")
        }
        // Loaded before the clock starts: the rule then works on children in memory, the
        // case this workload is about, rather than on faults.
        try checkEqual(parent.children.count, childCount, "\(label): OpenSwiftData loaded children")
        try run.measure {
            context.delete(parent)
            try context.save()
        }
        let reader = ModelContext(container)
        return Output(parentIDs: try reader.fetch(FetchDescriptor<HolderModel>()).map(\.id),
                      childParentIDs: try reader.fetch(FetchDescriptor<MemberModel>()).map { $0.parent?.id })
    }
}
