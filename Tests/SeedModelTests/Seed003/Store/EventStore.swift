import SwiftData
import Foundation
import Observation

// The seed's EventStore (ViewModels/EventStore.swift), from its two listings: the
// injected-context initialiser and the observable store with `fetchData` and
// `createEvent`, as written. Additions are marked.
@Observable
@MainActor
class EventStore {
    private(set) var events: [Event] = []
    private(set) var eventTypes: [EventType] = []
    private var modelContext: ModelContext?

    // Added: `createEvent` assigns it, but the listing never declares it.
    private(set) var errorMessage: String?

    init(modelContext: ModelContext? = nil) {
        self.modelContext = modelContext
    }

    func fetchData() async {
        guard let modelContext else { return }
        
        do {
            let descriptor = FetchDescriptor<Event>(
                sortBy: [SortDescriptor(\.timestamp, order: .reverse)]
            )
            events = try modelContext.fetch(descriptor)
            
            let typeDescriptor = FetchDescriptor<EventType>(
                sortBy: [SortDescriptor(\.name)]
            )
            eventTypes = try modelContext.fetch(typeDescriptor)
        } catch {
            print("Failed to fetch data: \(error)")
        }
    }
    
    func createEvent(type: EventType, notes: String? = nil) async {
        guard let modelContext else { return }
        
        let event = Event(
            timestamp: Date(),
            eventType: type,
            notes: notes
        )
        
        modelContext.insert(event)
        
        do {
            try modelContext.save()
            await fetchData() // Refresh local cache
        } catch {
            errorMessage = EventError.saveFailed.localizedDescription
        }
    }

    // Added from the seed's delete flow: delete, let the nullify rule clean up, save.
    func deleteEvent(_ event: Event) async {
        guard let modelContext else { return }
        modelContext.delete(event)
        do {
            try modelContext.save()
            await fetchData()
        } catch {
            errorMessage = EventError.saveFailed.localizedDescription
        }
    }

    // Querying by relationship (the seed's listing, as written)
    func events(for eventType: EventType) -> [Event] {
        events.filter { $0.eventType?.id == eventType.id }
    }
}
