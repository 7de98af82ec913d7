import Foundation
import OpenSwiftData
import Testing

/// Smaller SwiftData API items: descriptor equality, identifier IDs, schema reflection.
@Suite struct DescriptorAndSchemaAPITests {
    private static func byLabel(_ label: String) -> FetchDescriptor<Tag> {
        FetchDescriptor(predicate: #Predicate { $0.label == label }, sortBy: [SortDescriptor(\.label)])
    }

    @Test func descriptorsMadeTheSameWayAreEqual() {
        #expect(Self.byLabel("swift") == Self.byLabel("swift"))
    }

    @Test func descriptorsWithDifferentCapturedValuesDiffer() {
        #expect(Self.byLabel("swift") != Self.byLabel("rust"))
    }

    @Test func descriptorsWithDifferentWindowsDiffer() {
        var limited = Self.byLabel("swift")
        limited.fetchLimit = 10
        #expect(limited != Self.byLabel("swift"))
    }

    @Test func aDescriptorWithAPredicateDiffersFromOneWithout() {
        #expect(FetchDescriptor<Tag>() != Self.byLabel("swift"))
        #expect(FetchDescriptor<Tag>() == FetchDescriptor<Tag>())
    }

    @Test func anIdentifiersIDIsEqualForTheSameRow() throws {
        let context = ModelContext(try inMemoryContainer(Tag.self))
        let tag = Tag(label: "id")
        context.insert(tag)
        try context.save()
        let again = try #require(try ModelContext(context.container).fetch(FetchDescriptor<Tag>()).first)
        let id: PersistentIdentifier.ID = tag.persistentModelID.id
        #expect(id == again.persistentModelID.id)
    }

    @Test func anEntityNameIsTheModelsTypeName() {
        #expect(Schema.entityName(for: Tag.self) == "Tag")
    }

    @Test func storedPropertiesByNameHoldsAttributesAndRelationships() throws {
        let entity = try #require(Schema([Book.self]).entitiesByName["Book"])
        #expect(Set(entity.storedPropertiesByName.keys) == ["title", "author", "tags"])
        #expect(entity.storedPropertiesByName["author"]?.isRelationship == true)
    }

    @Test func storedPropertiesListThePersistedPropertiesInDeclarationOrderWithoutTransientOnes() throws {
        let entity = try #require(Schema([Trip.self]).entitiesByName["Trip"])
        #expect(entity.storedProperties.map(\.name) == ["name", "startDate", "notes", "status", "tags", "stops"])
    }

    @Test func anEmptySchemaHasNoEntities() {
        #expect(Schema().entities.isEmpty)
    }
}
