import Foundation
import OpenSwiftData

extension W16MoveMembers {
    /// `child.parent = to` for each child of `from`, then one `save()`, on W15's models.
    @Sendable static func openSwiftData(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let container = try OpenSwiftDataStore.container(HolderModel.self, for: run)
        do {
            let seeding = ModelContext(container)
            let from = HolderModel(id: fixture.fromID, name: "From")
            seeding.insert(from)
            seeding.insert(HolderModel(id: fixture.toID, name: "To"))
            for child in fixture.children {
                seeding.insert(MemberModel(id: child.id, name: child.name, value: child.value, parent: from))
            }
            try seeding.save()
        }
        let context = ModelContext(container)
        let (fromID, toID) = (fixture.fromID, fixture.toID)
        guard let from = try context.fetch(FetchDescriptor<HolderModel>(predicate: #Predicate { $0.id == fromID })).first,
              let to = try context.fetch(FetchDescriptor<HolderModel>(predicate: #Predicate { $0.id == toID })).first else {
            throw WorkloadError("\(label): OpenSwiftData did not load the parents")
        }
        // Loaded before the clock starts: the moves then work on sides in memory.
        let children = from.children
        try checkEqual(children.count, childCount, "\(label): OpenSwiftData loaded children")
        try checkEqual(to.children.count, 0, "\(label): OpenSwiftData loaded the new parent's children")
        try run.measure {
            for child in children { child.parent = to }
            try context.save()
        }
        let reader = ModelContext(container)
        return Output(parentIDs: try reader.fetch(FetchDescriptor<HolderModel>()).map(\.id),
                      childParentIDs: try reader.fetch(FetchDescriptor<MemberModel>()).map { $0.parent?.id })
    }
}
