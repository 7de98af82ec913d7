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
