import FluentSQLiteDriver
import Foundation

extension W5CascadeDelete {
    /// `delete(on:)` per loaded parent in one transaction; the schema's cascade
    /// deletes the children.
    @Sendable static func fluent(_ run: Iteration, _ fixture: Fixture) throws -> Output {
        let store = try FluentStore(run)
        try store.migrate([CreateFluentFamily()])
        let doomedIDs = fixture.doomedIDs
        let doomed = try store.run { database in
            try await database.transaction { transaction in
                try await fixture.parents.map(FluentParent.init).createInChunks(on: transaction)
                try await fixture.children.compactMap { child in child.parentID.map { FluentChild(child, parentID: $0) } }
                    .createInChunks(on: transaction)
            }
            return try await FluentParent.query(on: database).filter(\.$id ~~ doomedIDs).all()
        }
        try check(doomed.count == doomedIDs.count, "\(label): Fluent loaded \(doomed.count) doomed parents")
        try run.measure {
            try store.run { database in
                try await database.transaction { transaction in
                    for parent in doomed { try await parent.delete(on: transaction) }
                }
            }
        }
        return try store.run { database in
            let parents: [FluentParent] = try await FluentParent.query(on: database).all()
            let children: [FluentChild] = try await FluentChild.query(on: database).all()
            let parentIDs = parents.compactMap(\.id)
            let childParentIDs: [UUID?] = children.map { $0.$parent.id }
            return Output(parentIDs: parentIDs, childParentIDs: childParentIDs)
        }
    }
}
