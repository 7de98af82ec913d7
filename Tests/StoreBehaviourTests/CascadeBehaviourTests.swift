import Foundation
import OpenSwiftData
import Testing

/// A drawer whose sheets go with it; a sheet may hold a clip, so the context runs the
/// cascade (a sheet has relationships of its own) rather than the store deleting by key.
@Model
final class Drawer {
    var label: String
    @Relationship(deleteRule: .cascade, inverse: \Sheet.drawer) var sheets: [Sheet] = []
    init(label: String) { self.label = label }
}

@Model
final class Sheet {
    var title: String
    var drawer: Drawer?
    @Relationship(deleteRule: .cascade, inverse: \Clip.sheet) var clips: [Clip] = []
    init(title: String) { self.title = title }
}

@Model
final class Clip {
    var color: String
    var sheet: Sheet?
    init(color: String) { self.color = color }
}

@Suite struct CascadeBehaviourTests {
    /// Another container puts a second sheet in the store's drawer.
    static func putASecondSheetInTheDrawer(of store: BehaviourStore) throws {
        let second = ModelContext(try store.container())
        let sheet = Sheet(title: "deed")
        second.insert(sheet)
        sheet.drawer = try second.fetch(FetchDescriptor<Drawer>()).first
        try second.save()
    }

    /// Refused, keeping everything (SQLite's and PostgreSQL's stores, which check in the
    /// save's transaction), or taking the member with the rest (a custom store, which
    /// reads the model again to delete it): never a member left naming a deleted model.
    @Test(arguments: StoreKind.available(for: .checksSavesAgainstOtherContainers))
    func aCascadeLeavesNoMemberAnotherContainerAddedSinceItWasRead(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Drawer.self, Sheet.self, Clip.self])
        let first = ModelContext(try store.container())
        let drawer = Drawer(label: "A")
        first.insert(drawer)
        drawer.sheets = [Sheet(title: "lease")]
        try first.save()
        // This instance reads the drawer's one sheet and deletes the drawer; another puts a
        // second sheet in it before the delete is saved.
        #expect(drawer.sheets.count == 1)
        first.delete(drawer)
        try Self.putASecondSheetInTheDrawer(of: store)

        let refusal: (any Error)?
        do {
            try first.save()
            refusal = nil
        } catch {
            refusal = error
        }
        let fresh = ModelContext(try store.container())
        if let refusal {
            #expect(kind != .sqlite || (refusal as? OpenSwiftDataError)?.code == .deleteMissedMembers, "\(refusal)")
            #expect(try fresh.fetchCount(FetchDescriptor<Drawer>()) == 1)
            #expect(try fresh.fetch(FetchDescriptor<Sheet>()).compactMap { $0.drawer?.label } == ["A", "A"])
        } else {
            #expect(try fresh.fetchCount(FetchDescriptor<Drawer>()) == 0)
            #expect(try fresh.fetchCount(FetchDescriptor<Sheet>()) == 0)
        }
    }

    @Test(arguments: StoreKind.available(for: .checksSavesAgainstOtherContainers))
    func aCascadeRetriedFromAFreshReadDeletesEveryMember(_ kind: StoreKind) throws {
        let store = try BehaviourStore(kind, for: [Drawer.self, Sheet.self, Clip.self])
        let first = ModelContext(try store.container())
        let drawer = Drawer(label: "A")
        first.insert(drawer)
        drawer.sheets = [Sheet(title: "lease")]
        try first.save()
        try Self.putASecondSheetInTheDrawer(of: store)

        let retry = ModelContext(try store.container())
        try retry.delete(#require(try retry.fetch(FetchDescriptor<Drawer>()).first))
        try retry.save()
        let fresh = ModelContext(try store.container())
        #expect(try fresh.fetchCount(FetchDescriptor<Drawer>()) == 0)
        #expect(try fresh.fetchCount(FetchDescriptor<Sheet>()) == 0)
    }
}
