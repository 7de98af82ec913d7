import Testing
@testable import GetDiced

@Suite("The default database path")
struct DefaultDatabasePathTests {
    #if canImport(Darwin)
    @Test func livesInApplicationSupportOnDarwin() {
        #expect(DefaultDatabasePath.resolve(environment: [:], homeDirectory: "/Users/ann")
            == "/Users/ann/Library/Application Support/getdiced/getdiced.db")
    }
    #else
    @Test func followsXDGDataHome() {
        #expect(DefaultDatabasePath.resolve(environment: ["XDG_DATA_HOME": "/data"], homeDirectory: "/home/ann")
            == "/data/getdiced/getdiced.db")
    }

    @Test func fallsBackToLocalShareInTheHomeDirectory() {
        #expect(DefaultDatabasePath.resolve(environment: [:], homeDirectory: "/home/ann")
            == "/home/ann/.local/share/getdiced/getdiced.db")
    }

    @Test func ignoresARelativeXDGDataHome() {
        #expect(DefaultDatabasePath.resolve(environment: ["XDG_DATA_HOME": "data"], homeDirectory: "/home/ann")
            == "/home/ann/.local/share/getdiced/getdiced.db")
    }
    #endif
}
