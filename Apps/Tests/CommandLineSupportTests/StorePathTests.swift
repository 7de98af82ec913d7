import CommandLineSupport
import Foundation
import Testing

/// The store path checks every tool makes before it opens its store.
@Suite struct StorePathTests {
    let path = StorePath(tool: "demo", storeName: "Demo store", start: "add a thing")

    /// A fresh folder of the test's own, removed by `body`'s end.
    func inFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("StorePathTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// A computer whose clock reads a year outside 1900–2199 (set wrong, or a battery gone
    /// flat): `trendy log` stored its event then, `coupontracker use` its use, `cardshow card
    /// add` its day acquired, and each export afterwards refused them as "another program
    /// stored". No store is opened on such a clock, whatever the command.
    @Test(arguments: [("2250-01-01T12:00:00Z", "2250-01-01 12:00"), ("1850-06-01T08:30:00Z", "1850-06-01 08:30")])
    func aComputerClockOutsideTheYearsTheToolsKeepIsRefusedBeforeTheStoreIsOpened(clock: String, shown: String) throws {
        let now = try #require(ISO8601DateFormatter().date(from: clock))
        try inFolder { folder in
            let store = folder.appendingPathComponent("new.store")
            let error = #expect(throws: ToolError.self) { try path.check(store, mayCreate: true, now: now) }
            let message = error?.message ?? ""
            #expect(message.contains("This computer's clock reads \(shown) UTC, outside the years demo keeps (from 1900 to 2199)"), "\(message)")
            #expect(message.contains("Nothing was changed. Set the computer's date and time right, then run this again."), "\(message)")
            #expect(!FileManager.default.fileExists(atPath: store.path))
            let lastMinute = try #require(ISO8601DateFormatter().date(from: "2199-12-31T23:59:00Z"))
            try path.check(store, mayCreate: true, now: lastMinute)
        }
    }

    @Test func aMissingFileIsLeftToTheCommand() throws {
        try inFolder { folder in try path.check(folder.appendingPathComponent("new.store"), mayCreate: false) }
    }

    @Test func anEmptyFileMadeLongAgoIsRefusedNamingItAndWhatToDo() throws {
        try inFolder { folder in
            let store = folder.appendingPathComponent("empty.store")
            #expect(FileManager.default.createFile(atPath: store.path, contents: Data()))
            let later = Date(timeIntervalSinceNow: 3_600)
            let error = #expect(throws: ToolError.self) { try path.check(store, mayCreate: true, now: later) }
            let message = error?.message ?? ""
            #expect(message.contains(store.path), "\(message)")
            #expect(message.contains("is an empty file, not a Demo store"), "\(message)")
            #expect(message.contains("delete the empty file and add a thing"), "\(message)")
        }
    }

    @Test func anEmptyFileJustMadeIsTakenForAStoreAnotherProcessIsCreatingByACommandThatMayCreate() throws {
        try inFolder { folder in
            let store = folder.appendingPathComponent("creating.store")
            #expect(FileManager.default.createFile(atPath: store.path, contents: Data()))
            try path.check(store, mayCreate: true)
        }
    }

    @Test func anEmptyFileJustMadeIsRefusedByAReadingCommand() throws {
        try inFolder { folder in
            let store = folder.appendingPathComponent("creating.store")
            #expect(FileManager.default.createFile(atPath: store.path, contents: Data()))
            let error = #expect(throws: ToolError.self) { try path.check(store, mayCreate: false) }
            #expect(error?.message.contains("is an empty file: a Demo store another demo is creating this moment, or not a store at all") == true,
                    "\(String(describing: error?.message))")
        }
    }

    @Test func aFileWithContentPasses() throws {
        try inFolder { folder in
            let store = folder.appendingPathComponent("full.store")
            #expect(FileManager.default.createFile(atPath: store.path, contents: Data("SQLite format 3".utf8)))
            try path.check(store, mayCreate: false, now: Date(timeIntervalSinceNow: 3_600))
        }
    }

    @Test func aFolderIsRefused() throws {
        try inFolder { folder in
            let error = #expect(throws: ToolError.self) { try path.check(folder, mayCreate: true) }
            #expect(error?.message.contains("is a folder, not a Demo store") == true)
        }
    }

    @Test func theArticleFollowsTheStoresName() {
        #expect(StorePath(tool: "a", storeName: "AssetFlow store", start: "").storeWithArticle == "an AssetFlow store")
        #expect(StorePath(tool: "t", storeName: "Trendy store", start: "").storeWithArticle == "a Trendy store")
    }
}
