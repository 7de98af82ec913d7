import Foundation
import Synchronization
import Testing
@testable import GetDiced

/// getdiced finds its default database from $XDG_DATA_HOME and $HOME, as cardshow does.
@Suite("getdiced's default database and the environment")
struct DefaultDatabaseHomeTests {
    #if !canImport(Darwin)
    @Test func followsHomeWhenXDGDataHomeIsUnset() {
        #expect(DefaultDatabasePath.resolve(environment: ["HOME": "/tmp/ann"])
            == "/tmp/ann/.local/share/getdiced/getdiced.db")
    }

    @Test func initWithoutDbCreatesTheDatabaseUnderHome() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let home = directory.file("home")
        let cli = GetDicedProcess(environment: ["HOME": home, "XDG_DATA_HOME": nil])
        let created = try cli.run(["init", "--catalog", catalog])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/getdiced/getdiced.db"))
    }

    /// Issue 33's twenty-second pass: `GETDICED_CATALOG='~/catalog.db' getdiced folder list`
    /// said "Creating … from $GETDICED_CATALOG (~/catalog.db)." and then "No catalog file at
    /// ~/catalog.db": the check read the path from the home folder, the copy from a folder `~`.
    @Test func aCatalogVariableBeginningWithATildeIsReadFromTheHomeFolderAsInitReadsIt() throws {
        let directory = try TemporaryDirectory()
        let home = directory.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        _ = try TestCatalog.write(to: home + "/catalog.db")
        let cli = GetDicedProcess(environment: ["HOME": home, "XDG_DATA_HOME": nil, "GETDICED_CATALOG": "~/catalog.db"])
        let listed = try cli.run(["folder", "list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Owned"), "\(listed.stdout)")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/getdiced/getdiced.db"))
    }

    /// The thirty-ninth pass: of two first commands at once, the one whose copy of the catalog
    /// lost said "A database already exists at …; nothing was changed" and did nothing.
    @Test func firstCommandsStartedAtOnceWithTheCatalogVariableAllRun() throws {
        let directory = try TemporaryDirectory()
        let home = directory.file("home")
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let cli = GetDicedProcess(environment: ["HOME": home, "XDG_DATA_HOME": nil, "GETDICED_CATALOG": catalog])
        let statuses = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let output = try? cli.run(["search", "gordon"])
            statuses.withLock { $0.append("\(output?.status ?? -1) \(output?.stderr ?? "")") }
        }
        #expect(statuses.withLock { $0.allSatisfy { $0.hasPrefix("0 ") } }, "\(statuses.withLock { $0 })")
    }

    @Test func initWithoutDbCreatesTheDatabaseUnderXDGDataHome() throws {
        let directory = try TemporaryDirectory()
        let catalog = try TestCatalog.write(to: directory.file("catalog.db"))
        let home = directory.file("home"), data = directory.file("data")
        let cli = GetDicedProcess(environment: ["HOME": home, "XDG_DATA_HOME": data])
        let created = try cli.run(["init", "--catalog", catalog])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: data + "/getdiced/getdiced.db"))
        #expect(!FileManager.default.fileExists(atPath: home))
    }
    #endif
}
