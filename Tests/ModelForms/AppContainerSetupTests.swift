// A container-setup file as SwiftData apps write one, importing only `SwiftData`: the
// store in an app group's folder with CloudKit off, a `SwiftDataError` catch that
// resets a store that cannot be loaded, undo on the main context, and history read
// back for a widget or an extension.
#if !canImport(Darwin)
import SwiftData
import Testing

@Model
final class JournalEntry {
    var title: String
    var writtenAt: Date

    init(title: String, writtenAt: Date = .now) {
        self.title = title
        self.writtenAt = writtenAt
    }
}

/// The app's persistence, as its `Persistence.swift` would be.
enum JournalPersistence {
    static let schema = Schema([JournalEntry.self])

    static func configuration(appGroup: String) -> ModelConfiguration {
        ModelConfiguration("Journal", schema: schema, isStoredInMemoryOnly: false,
                           groupContainer: .identifier(appGroup), cloudKitDatabase: .none)
    }

    /// The app's container. A store that cannot be loaded is moved aside, and the app
    /// starts again on an empty one.
    static func makeContainer(appGroup: String) throws -> ModelContainer {
        let configuration = configuration(appGroup: appGroup)
        do {
            return try ModelContainer(for: schema, configurations: [configuration])
        } catch let error as SwiftDataError where error == .loadIssueModelContainer {
            let aside = configuration.url.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try FileManager.default.moveItem(at: configuration.url, to: aside)
            return try ModelContainer(for: schema, configurations: [configuration])
        }
    }
}

/// An app group of the test's own, its folder removed when the test's value is released.
private nonisolated final class AppGroup {
    let identifier = "group.com.example.journal-\(UUID().uuidString)"
    var folder: URL { ModelConfiguration.defaultDirectory.appendingPathComponent(identifier, isDirectory: true) }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

@Suite struct AppContainerSetupTests {
    @Test func theStoreIsInTheAppGroupsFolder() throws {
        let group = AppGroup()
        let container = try JournalPersistence.makeContainer(appGroup: group.identifier)
        let context = ModelContext(container)
        context.insert(JournalEntry(title: "First"))
        try context.save()
        #expect(container.configurations.first?.url == group.folder.appendingPathComponent("Journal.store"))
        #expect(FileManager.default.fileExists(atPath: group.folder.appendingPathComponent("Journal.store").path))
    }

    @Test func aStoreThatCannotBeLoadedIsResetByTheSwiftDataErrorCatch() throws {
        let group = AppGroup()
        try FileManager.default.createDirectory(at: group.folder, withIntermediateDirectories: true)
        let store = group.folder.appendingPathComponent("Journal.store")
        try Data(repeating: 0x41, count: 4096).write(to: store)

        let context = ModelContext(try JournalPersistence.makeContainer(appGroup: group.identifier))
        #expect(try context.fetchCount(FetchDescriptor<JournalEntry>()) == 0)
        #expect(FileManager.default.fileExists(atPath: store.appendingPathExtension("unreadable").path))
    }

    @Test @MainActor func undoOnTheMainContextRevertsAnEdit() throws {
        let group = AppGroup()
        let context = try JournalPersistence.makeContainer(appGroup: group.identifier).mainContext
        context.undoManager = UndoManager()
        let entry = JournalEntry(title: "First")
        context.insert(entry)
        try context.save()
        entry.title = "Frist"
        context.undoManager?.undo()
        #expect(entry.title == "First")
    }

    @Test func historyReadsBackTheAppsSaves() throws {
        let group = AppGroup()
        let context = ModelContext(try JournalPersistence.makeContainer(appGroup: group.identifier))
        context.insert(JournalEntry(title: "First"))
        try context.save()
        let transactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        guard case .insert(let insert as DefaultHistoryInsert<JournalEntry>)? = transactions.last?.changes.first else {
            Issue.record("the save's insert is not in the history: \(transactions)")
            return
        }
        #expect(insert.changedPersistentIdentifier.entityName == "JournalEntry")
    }
}
#endif
