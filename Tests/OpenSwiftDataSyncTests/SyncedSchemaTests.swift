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

    @Test("a many-to-many relationship is sent from the side whose Entity.property sorts first and kept from it on the other")
    func manyToManyHasOneSentSide() throws {
        let schema = try SyncedSchema(Schema([SyncStudent.self, SyncCourse.self]))
        #expect(schema.rules["SyncCourse"]?["students"] == .manyToMany(destination: "SyncStudent", inverse: "courses"))
        #expect(schema.rules["SyncStudent"]?["courses"] == .keptByInverse(destination: "SyncCourse", inverse: "students"))
    }

    @Test("a one-to-one relationship is a value on each side")
    func oneToOneIsAValueOnEachSide() throws {
        let schema = try SyncedSchema(Schema(syncPairedTestModels))
        #expect(schema.rules["SyncDesk"]?["owner"] == .oneToOne(destination: "SyncPerson", inverse: "desk"))
        #expect(schema.rules["SyncPerson"]?["desk"] == .oneToOne(destination: "SyncDesk", inverse: "owner"))
    }

    @Test("a member's name is the relationship, a plus and the member's sync ID in capitals, and nothing else is one")
    func memberPairNames() throws {
        let schema = try SyncedSchema(Schema(syncPairedTestModels))
        let member = UUID()
        let name = SyncedSchema.memberPairName("notes", member: member)
        #expect(name == "notes+\(member.uuidString)")
        #expect(schema.memberPair(name, of: "SyncLabel")?.member == member)
        #expect(schema.memberPair("notes+\(member.uuidString.lowercased())", of: "SyncLabel") == nil)
        #expect(schema.memberPair("notes+nobody", of: "SyncLabel") == nil)
        #expect(schema.memberPair("labels+\(member.uuidString)", of: "SyncNote") == nil)
        #expect(schema.memberPair("name+\(member.uuidString)", of: "SyncLabel") == nil)
    }

    @Test("members are ordered as the order names them, then the others by sync ID")
    func orderedMembers() {
        let ids = (0..<4).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }
        let ordered = SyncedSchema.orderedMembers([ids[3], ids[0], ids[2], ids[1]], order: [ids[2], UUID(), ids[0]])
        #expect(ordered == [ids[2], ids[0], ids[1], ids[3]])
    }
}
