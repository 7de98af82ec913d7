import CommandLineTestSupport
import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro
#if canImport(Glibc)
import Glibc
#endif

/// A backup whose name cardshow chooses never replaces another file: two backups or two
/// restores in one second each keep a file of their own.
@Suite("Backup names")
struct BackupNameTests {
    let home: TemporaryDirectory
    let tool: ToolProcess

    init() throws {
        home = try TemporaryDirectory()
        tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
    }

    func addCard(_ name: String, to store: URL) throws {
        let added = try tool.run(["card", "add", "--name", name, "--set", "S", "--number", "1", "--store", store.path])
        try #require(added.status == 0, "\(added.stderr)")
    }

    /// The names of the cards in each backup in backups/ beside the stores.
    func backedUpNames() throws -> [Set<String>] {
        let folder = home.file("backups")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".backup") }.map {
            Set(try storedCards(try CardShowStore.container(at: folder.appendingPathComponent($0))).map(\.name))
        }
    }

    @Test func aBackupToANewFileTakesTheNextNumberWhenTheNameIsTaken() throws {
        let first = home.file("first.store"), second = home.file("second.store"), suggested = home.file("backups/b.backup")
        try addCard("First", to: first)
        try addCard("Second", to: second)
        #expect(try StoreBackup.backup(storeAt: first, toNewFile: suggested).file == suggested)
        #expect(try StoreBackup.backup(storeAt: second, toNewFile: suggested).file == home.file("backups/b-2.backup"))
        #expect(Set(try backedUpNames()) == [["First"], ["Second"]])
    }

    @Test func aBackupWhoseEveryNumberedNameIsTakenIsRefusedAndRemoved() throws {
        let suggested = home.file("b.backup"), partial = home.file("partial.backup")
        for name in ["b.backup", "b-2.backup", "partial.backup"] {
            try Data("taken".utf8).write(to: home.file(name))
        }
        #expect {
            _ = try NewBackupFile.place(partial, near: suggested, upTo: 2)
        } throws: { error in
            "\(error)".contains("there are already 2 backups named like b.backup")
        }
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(try String(contentsOf: home.file("b-2.backup"), encoding: .utf8) == "taken")
    }

    @Test func backupsOfOneStoreAtOnceEachKeepAFile() async throws {
        let store = home.file("shop.store")
        try addCard("Shop card", to: store)
        let tool = self.tool
        let outputs = try await withThrowingTaskGroup(of: ToolProcess.Output.self) { group in
            for _ in 0..<4 { group.addTask { try tool.run(["backup", "--store", store.path]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
        #expect(try backedUpNames() == Array(repeating: ["Shop card"], count: 4))
    }

    /// `backup --output` to a path nothing is at keeps, without `--force`, a file another
    /// program makes there while the backup runs (after its check), as every export does,
    /// instead of renaming the backup over it; and says so in the check's words.
    @Test func aFileMadeAtTheOutputWhileTheBackupRunsIsKeptWithoutForce() throws {
        let store = home.file("shop.store")
        // Cards enough that the backup goes on for a while once its copy beside the output is begun.
        let context = ModelContext(try CardShowStore.container(at: store))
        try InventoryService(context: context).add((0..<3_000).map { card("Card \($0)", value: Double($0)) })
        final class Finished: @unchecked Sendable { var output: ToolProcess.Output?; var error: (any Error)? }
        var raced = false
        for attempt in 0..<5 where !raced {
            let output = home.file("out-\(attempt).backup"), finished = Finished(), done = DispatchSemaphore(value: 0)
            let tool = self.tool
            Thread.detachNewThread {
                do { finished.output = try tool.run(["backup", "--store", store.path, "--output", output.path]) } catch { finished.error = error }
                done.signal()
            }
            // Its copy, .out-N.backup.PID-UUID.partial, is begun once the check has found nothing at the output.
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, !((try? FileManager.default.contentsOfDirectory(atPath: home.url.path)) ?? [])
                .contains(where: { $0.hasPrefix(".\(output.lastPathComponent).") }) {
                usleep(100)
            }
            // Another program's file, made only if the backup is not there yet.
            let theirs = open(output.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if theirs >= 0 {
                raced = write(theirs, "theirs", 6) == 6
                close(theirs)
            }
            done.wait()
            if let error = finished.error { throw error }
            guard raced, let result = finished.output else { continue }  // the backup was done first: again
            #expect(result.status != 0, "\(result.stdout)")
            #expect(result.stderr.contains("already exists, so nothing was written: pass --force to replace it"), "\(result.stderr)")
            #expect(FileManager.default.contents(atPath: output.path) == Data("theirs".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).filter { $0.hasSuffix(".partial") }.isEmpty)
        }
        #expect(raced, "each backup was done before a file could be made at its output")
    }

    @Test func backupsOfTwoStoresInOneFolderAreNamedForTheirStores() throws {
        let shop = home.file("shop.store"), house = home.file("home.store")
        try addCard("Shop card", to: shop)
        try addCard("Home card", to: house)
        let first = try tool.run(["backup", "--store", shop.path]), second = try tool.run(["backup", "--store", house.path])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr) \(second.stderr)")
        #expect(first.stdout.contains("backups/shop.store-") && second.stdout.contains("backups/home.store-"), "\(first.stdout) \(second.stdout)")
        #expect(Set(try backedUpNames()) == [["Shop card"], ["Home card"]])
    }

    @Test func twoRestoresInARowKeepTheStoresOriginalContents() throws {
        let store = home.file("a.store"), one = home.file("one.store"), two = home.file("two.store")
        try addCard("Precious", to: store)
        try addCard("One", to: one)
        try addCard("Two", to: two)
        for source in [one, two] {
            let restored = try tool.run(["restore", source.path, "--store", store.path])
            #expect(restored.status == 0, "\(restored.stderr)")
        }
        #expect(Set(try backedUpNames()) == [["Precious"], ["One"]])
    }
}

extension BackupNameTests {
    @Test func aStoreWithALongNameIsBackedUpAndRestoredUnderAShortenedBackupName() throws {
        // 60 Japanese characters, 180 bytes: a store name a file system takes, with its -wal.
        let store = home.file(String(repeating: "在", count: 60) + ".store")
        try addCard("Pikachu", to: store)
        let backup = try tool.run(["backup", "--store", store.path])
        // Before: "Backup failed: the copy could not be written there (read-only, or this user may not write it)".
        #expect(backup.status == 0, "\(backup.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: home.file("backups").path).filter { $0.hasSuffix(".backup") }
        #expect(names.count == 1)
        #expect(names.allSatisfy { $0.utf8.count <= 255 - 66 && $0.hasPrefix("在在在") }, "\(names)")
        let restored = try tool.run(["restore", home.file("backups/" + names[0]).path, "--store", store.path])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(Set(try backedUpNames().flatMap { $0 }) == ["Pikachu"])
    }
}
