import Foundation
import OpenSwiftData

/// Contacts (CRM) and their want lists.
public struct ContactService {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    @discardableResult
    public func add(_ contact: Contact, save: Bool = true) throws -> Contact {
        context.insert(contact)
        try context.saveOrRollBack(if: save)
        return contact
    }

    /// Adds a want to a contact's list and returns the cards already in stock that
    /// satisfy it.
    @discardableResult
    public func addWant(_ item: WantListItem, to contact: Contact, save: Bool = true) throws -> [InventoryCard] {
        try context.change(saving: save) {
            // A contact another writer deleted since it was read would get a want without a contact.
            let contact = try context.refreshed(contact)
            context.insert(item)
            item.contact = contact
        }
        return try WantListMatcher(context: context).cards(matching: item)
    }

    /// Deletes a contact with their want list (`.cascade`); their purchases stay as
    /// sales without a buyer contact (`.nullify`).
    public func delete(_ contact: Contact, save: Bool = true) throws {
        // Read again inside the change: a contact another writer deleted since it was read
        // is not found, rather than reported deleted a second time.
        try context.change(saving: save) { context.delete(try context.refreshed(contact)) }
    }

    /// Removes an item from its contact's want list.
    public func removeWant(_ item: WantListItem, save: Bool = true) throws {
        try context.change(saving: save) { context.delete(try context.refreshed(item)) }
    }

    /// Every contact, by name.
    public func allContacts() throws -> [Contact] {
        try context.fetch(FetchDescriptor<Contact>(sortBy: [SortDescriptor(\.name)]))
    }

    /// Every want-list item, most important first.
    public func allWants() throws -> [WantListItem] {
        try context.fetch(FetchDescriptor<WantListItem>(sortBy: [SortDescriptor(\.createdDate)]))
            .sorted { $0.priority.rank < $1.priority.rank }
    }
}
