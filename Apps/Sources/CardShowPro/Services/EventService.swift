import Foundation
import OpenSwiftData

/// Vendor mode: planning, running and closing card-show events.
public struct EventService {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    /// Plans an event.
    @discardableResult
    public func create(name: String, location: String, date: Date = Date(), tableNumber: String? = nil,
                       notes: String? = nil, save: Bool = true) throws -> Event {
        let event = Event(name: name, date: date, location: location)
        event.tableNumber = tableNumber
        event.notes = notes
        context.insert(event)
        try context.saveOrRollBack(if: save)
        return event
    }

    /// Starts an event at `now`. One event runs at a time, so that a sale at "the
    /// running event" is never ambiguous.
    public func start(_ event: Event, at now: Date = Date(), save: Bool = true) throws {
        try context.change(saving: save) {
            // Read here, with the save: another writer may have started an event since.
            let event = try context.refreshed(event)
            if event.isActive { throw CardShowError.eventAlreadyActive(name: event.name) }
            if let other = try EventQueries(context: context).activeEvents().first(where: { $0 !== event }) {
                throw CardShowError.eventAlreadyActive(name: other.name)
            }
            event.isActive = true
            event.startTime = now
            event.endTime = nil
        }
    }

    /// Ends a running event at `now`.
    public func end(_ event: Event, at now: Date = Date(), save: Bool = true) throws {
        try context.change(saving: save) {
            let event = try context.refreshed(event)
            guard event.isActive else { throw CardShowError.eventNotActive(name: event.name) }
            event.isActive = false
            event.endTime = now
        }
    }

    /// Records cards as brought to the event (its `inventory` and `cardsCount`).
    public func bring(_ cards: [InventoryCard], to event: Event, save: Bool = true) throws {
        try context.change(saving: save) {
            let event = try context.refreshed(event)
            var inventory = event.inventory ?? []
            for card in try cards.map(context.refreshed) where !inventory.contains(where: { $0 === card }) {
                guard card.status == .inStock else {
                    throw CardShowError.cardNotInStock(card: card.displayName, status: card.status)
                }
                inventory.append(card)
            }
            event.inventory = inventory
            event.cardsCount = inventory.count
        }
    }

    /// The running event, if exactly one is running.
    public func activeEvent() throws -> Event? {
        let active = try EventQueries(context: context).activeEvents()
        if active.count > 1 { throw CardShowError.severalActiveEvents(names: active.map(\.name)) }
        return active.first
    }

    /// The event's results.
    public func report(for event: Event) -> EventReport {
        EventReport(event)
    }
}
