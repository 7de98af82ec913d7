import Foundation
import OpenSwiftData
import Testing

/// `PersistentModel.Root`: the root class of a model's class hierarchy.
@Suite struct RootTypeTests {
    private func root<Model: PersistentModel>(of _: Model.Type) -> ObjectIdentifier { ObjectIdentifier(Model.Root.self) }

    @Test func theRootOfAModelWithoutSuperclassIsItself() {
        #expect(root(of: Journey.self) == ObjectIdentifier(Journey.self))
    }

    @Test func theRootOfASubclassIsTheHierarchysRootClass() {
        #expect(root(of: BusinessJourney.self) == ObjectIdentifier(Journey.self))
    }
}
