import Foundation
import OpenSwiftData
import Testing

/// A larder whose crocks stay when it goes, then kept in no larder.
@Model
final class Larder {
    var label: String
    @Relationship(deleteRule: .nullify, inverse: \Crock.larder) var crocks: [Crock] = []
    init(label: String) { self.label = label }
}

@Model
final class Crock {
    var contents: String
    var larder: Larder?
    init(contents: String) { self.contents = contents }
}

@Suite struct NullifyBehaviourTests {
    /// One container reads the larder's one crock and deletes the larder; another puts a second
    /// crock in it before that delete is saved. Returns the delete's refusal, if any.
    static func deleteALarderGivenASecondCrockElsewhere(in store: BehaviourStore) throws -> (any Error)? {
        let first = ModelContext(try store.container())
        let larder = Larder(label: "cellar")
        first.insert(larder)
        larder.crocks = [Crock(contents: "flour")]
        try first.save()
        #expect(larder.crocks.count == 1)
        first.delete(larder)

        let second = ModelContext(try store.container())
        let crock = Crock(contents: "sugar")
        second.insert(crock)
        crock.larder = try second.fetch(FetchDescriptor<Larder>()).first
        try second.save()

        do {
            try first.save()
            return nil
        } catch {
            return error
        }
    }

    /// The store clears the key of the crock the deleting context had not read, in the
    /// delete's transaction, as it clears the one it had (a custom store is sent the
    /// model read again): no crock is left naming the deleted larder.
    @Test(arguments: StoreKind.available(for: .checksSavesAgainstOtherContainers))
    func aDeleteLeavesNoMemberAnotherContainerAddedNamingIt(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Larder.self, Crock.self])
        let refusal = try Self.deleteALarderGivenASecondCrockElsewhere(in: store)
        #expect(refusal == nil, "\(String(describing: refusal))")
        let fresh = ModelContext(try store.container())
        #expect(try fresh.fetchCount(FetchDescriptor<Larder>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Crock>(predicate: #Predicate { $0.larder == nil })) == 2)
    }

    @Test(arguments: StoreKind.available(for: .history))
    func theKeyClearedInTheStoreIsInTheDeletesHistory(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Larder.self, Crock.self])
        #expect(try Self.deleteALarderGivenASecondCrockElsewhere(in: store) == nil)
        let context = ModelContext(try store.container())
        let last = try #require(try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        let sugar = try #require(try context.fetch(FetchDescriptor<Crock>(predicate: #Predicate { $0.contents == "sugar" })).first)
        let updates = last.changes.compactMap { change -> [String]? in
            guard case .update(let update as DefaultHistoryUpdate<Crock>) = change,
                  update.changedPersistentIdentifier == sugar.persistentModelID else { return nil }
            return update.updatedAttributes.map { $0 == \Crock.larder ? "larder" : "other" }
        }
        #expect(updates == [["larder"]], "\(last.changes)")
    }
}
