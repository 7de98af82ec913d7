import Foundation
import OpenSwiftData
import Testing

/// Something other than an ordinary file where SQLite keeps a store's `-wal` or
/// `-shm`, or a store name too long to take `-wal`, is said before SQLite opens the
/// store, in words that name the path and what to do; nothing is made or changed.
@Suite struct StoreCompanionTests {
    static func openError(_ store: TestStore) -> String? {
        do {
            _ = try store.container(Tag.self)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aFolderWhereTheSharedMemoryIndexIsKeptIsNamedAndTheStoreIsLeftAsItWas() throws {
        let store = TestStore()
        do {
            let context = ModelContext(try store.container(Tag.self))
            context.insert(Tag(label: "kept"))
            try context.save()
        }
        let shm = store.url.path + "-shm"
        try? FileManager.default.removeItem(atPath: shm)
        try FileManager.default.createDirectory(atPath: shm, withIntermediateDirectories: false)
        let before = FileState.store(store.url)
        let message = try #require(Self.openError(store))
        #expect(message.contains("\(shm) is a folder"))
        #expect(message.contains("shared-memory index"))
        #expect(!message.contains("BEGIN"), "no SQL in the words")
        #expect(FileState.store(store.url) == before)
    }

    @Test func aBrokenLinkWhereTheWriteAheadLogIsKeptIsNamedAndNoStoreIsMade() throws {
        let store = TestStore()
        let wal = store.url.path + "-wal"
        try FileManager.default.createSymbolicLink(atPath: wal, withDestinationPath: store.directory.path + "/nowhere")
        let message = try #require(Self.openError(store))
        #expect(message.contains("\(wal) is a symbolic link to \(store.directory.path)/nowhere, which does not exist"))
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test func aNamedPipeWhereTheWriteAheadLogIsKeptIsNamed() throws {
        let store = TestStore()
        let wal = store.url.path + "-wal"
        #expect(mkfifo(wal, 0o600) == 0)
        let message = try #require(Self.openError(store))
        #expect(message.contains("\(wal) is a named pipe"))
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test func aStoreNameTooLongToTakeTheWriteAheadLogsSuffixIsRefusedBeforeAnyFileIsMade() throws {
        let store = TestStore(String(repeating: "a", count: 247) + ".store")
        let message = try #require(Self.openError(store))
        #expect(message.contains("its file name is 253 bytes long"))
        #expect(message.contains("at most 251 bytes"))
        #expect(!FileManager.default.fileExists(atPath: store.url.path), "no empty store file is left behind")
    }
}
