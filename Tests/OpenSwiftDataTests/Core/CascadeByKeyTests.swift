import OpenSwiftData
import Testing

/// Which cascades a store runs by the children's key column alone, without the
/// context loading the children (`Schema.cascadesByKey`).
@Suite struct CascadeByKeyTests {
    private func relationship(_ name: String, of entity: String, in schema: Schema) throws -> Schema.Relationship {
        try #require(schema.entitiesByName[entity]?.relationshipsByName[name])
    }

    @Test func aCascadeToChildrenThatHaveOnlyTheirParentRunsByKey() throws {
        let schema = Schema([Trip.self])
        #expect(schema.cascadesByKey(try relationship("stops", of: "Trip", in: schema)))
    }

    @Test func aCascadeToChildrenWithRelationshipsOfTheirOwnLoadsThem() throws {
        let schema = Schema([Author.self])
        #expect(!schema.cascadesByKey(try relationship("books", of: "Author", in: schema)))
    }

    @Test func aCascadeWithinOneEntityLoadsTheChildren() throws {
        let schema = Schema([Person.self])
        #expect(!schema.cascadesByKey(try relationship("children", of: "Person", in: schema)))
    }

    @Test func aRuleOtherThanCascadeNeverRunsByKey() throws {
        let schema = Schema([Library.self])
        #expect(!schema.cascadesByKey(try relationship("shelves", of: "Library", in: schema)))
    }

    @Test func theToOneSideOfAPairNeverCascadesByKey() throws {
        let schema = Schema([Trip.self])
        #expect(!schema.cascadesByKey(try relationship("trip", of: "Stop", in: schema)))
    }
}
