import ArgumentParser
import CommandLineSupport
import FileStamps
import Foundation
import SwiftData
import Trendy

/// Follows the store's history through a `HistoryObserver`: each event another program
/// logs is printed as its save commits, until Ctrl-C.
struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow", abstract: "Show events as other programs log them, until Ctrl-C.",
        discussion: """
            Each event logged from now on (by another trendy, or any program writing the store) is printed \
            when its save commits, within about a quarter of a second. With --json, each event is one JSON \
            object on a line of its own.
            """)
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        try onMain {
            let events = try store.open(writing: false)
            let followed = FileIdentity(path: store.url.path)
            let container = events.modelContext.container
            let input = TimeInput.current
            var last = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last?.token
            // Not isolated to the main actor, which this loop keeps busy: the observer
            // counts on a task of its own, and the loop waits for its signal.
            let observer = try HistoryObserver(historyTokens: last.map { [$0.storeIdentifier: $0] }, observedModels: [Event.self],
                                               modelContainer: container, isolation: nil)
            let arrived = DispatchSemaphore(value: 0)
            // With --json the greeting goes to standard error, so that standard output is
            // only events; either way a script can wait for it before writing.
            let greeting = "Following \(TerminalText.quoted(store.url.path)): events appear as they are saved. Ctrl-C stops."
            if json.enabled { printError(greeting) } else { print(greeting) }
            StandardOutput.flush()
            while true {
                withObservationTracking { _ = observer.eventCounter } onChange: { arrived.signal() }
                let context = ModelContext(container)
                let descriptor = HistoryDescriptor<DefaultHistoryTransaction>(predicate: last.map { token in #Predicate { $0.token > token } })
                for transaction in try context.fetchHistory(descriptor) {
                    last = transaction.token
                    for case .insert(let insert) in transaction.changes {
                        guard let event = context.model(for: insert.changedPersistentIdentifier) as? Event else { continue }
                        try show(event, input)
                    }
                }
                // A store moved aside (a damaged one), put back from a copy or deleted takes no more
                // events: the file followed is no longer the one at the path.
                while arrived.wait(timeout: .now() + 1) == .timedOut {
                    guard let followed, FileIdentity(path: store.url.path) == followed else {
                        throw ToolError("The store \(TerminalText.quoted(store.url.path)) was removed or replaced while it was followed "
                                        + "(moved aside, put back from a copy, or deleted), so no more events can appear in the one "
                                        + "followed. Run `trendy follow` again to follow the store now at that path.")
                    }
                }
            }
        }
    }

    private func show(_ event: Event, _ input: TimeInput) throws {
        if json.enabled {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(EventRow(event)), as: UTF8.self))
        } else {
            print([shortID(event), input.show(event), event.eventType?.name ?? "—", event.notes ?? ""]
                .map(TerminalText.escaped).joined(separator: "  "))
        }
        StandardOutput.flush()
    }
}
