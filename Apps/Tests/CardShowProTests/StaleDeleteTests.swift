import CommandLineTestSupport
import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

/// A contact or want-list item that another context (another process) deleted since
/// this one read it: deleting it again is refused as not found, not reported done.
@Suite struct StaleDeleteTests {
    let directory: TemporaryDirectory
    let container: ModelContainer
    let contactID: String, wantID: String

    init() throws {
        directory = try TemporaryDirectory()
        container = try CardShowStore.container(at: directory.url.appendingPathComponent("stale.store"))
        let context = ModelContext(container)
        let contact = Contact(name: "Brock", role: .customer)
        try ContactService(context: context).add(contact)
        let want = WantListItem(cardName: "Onix")
        try ContactService(context: context).addWant(want, to: contact)
        contactID = contact.id.uuidString
        wantID = want.id.uuidString
    }

    @Test func aContactAnotherProcessDeletedIsNotDeletedAgain() throws {
        let first = ModelContext(container), second = ModelContext(container)
        let stale = try ModelLookup(context: first).contact(contactID)
        try ContactService(context: second).delete(ModelLookup(context: second).contact(contactID))
        #expect(throws: CardShowError.notFound(kind: "contact", id: stale.id.short)) {
            try ContactService(context: first).delete(stale)
        }
    }

    @Test func aWantAnotherProcessRemovedIsNotRemovedAgain() throws {
        let first = ModelContext(container), second = ModelContext(container)
        let stale = try ModelLookup(context: first).wantListItem(wantID)
        try ContactService(context: second).removeWant(ModelLookup(context: second).wantListItem(wantID))
        #expect(throws: CardShowError.notFound(kind: "want-list item", id: stale.id.short)) {
            try ContactService(context: first).removeWant(stale)
        }
    }
}
