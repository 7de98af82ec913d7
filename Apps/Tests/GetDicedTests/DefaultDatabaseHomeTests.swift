import Foundation
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
