import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

@Model
final class SyncStudent {
    var name: String
    @Relationship(inverse: \SyncCourse.students) var courses: [SyncCourse] = []
    init(name: String) { self.name = name }
}

@Model
final class SyncCourse {
    var title: String
    var students: [SyncStudent] = []
    init(title: String) { self.title = title }
}

/// Which relationships sync keeps, and how.
@Suite struct SyncedSchemaTests {
    @Test("a to-many whose inverse is a to-one is kept by its members; the to-one is a value")
    func rulesOfTheTestSchema() throws {
        let schema = try SyncedSchema(Schema(syncTestModels))
        #expect(schema.rules["SyncDeck"]?["cards"] == .members(destination: "SyncCard", inverse: "deck"))
        #expect(schema.rules["SyncCard"]?["deck"] == .toOne(destination: "SyncDeck"))
        #expect(schema.rules["SyncCard"]?["front"] == .attribute)
        #expect(schema.uniqueConstraints["SyncTag"] == [["name"]])
    }

    @Test("a many-to-many relationship is refused, naming it and what to do")
    func manyToManyRefused() throws {
        #expect {
            _ = try SyncedSchema(Schema([SyncStudent.self, SyncCourse.self]))
        } throws: { error in
            let words = String(describing: error)
            return words.contains("many-to-many") && (words.contains("SyncStudent.courses") || words.contains("SyncCourse.students"))
        }
    }

    @Test("members are ordered as the order names them, then the others by sync ID")
    func orderedMembers() {
        let ids = (0..<4).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }
        let ordered = SyncedSchema.orderedMembers([ids[3], ids[0], ids[2], ids[1]], order: [ids[2], UUID(), ids[0]])
        #expect(ordered == [ids[2], ids[0], ids[1], ids[3]])
    }
}
