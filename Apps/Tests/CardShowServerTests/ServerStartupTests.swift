import ChildProcessSupport
import CommandLineTestSupport
import Foundation
import Testing

/// Starting the server: what it refuses, in words, before it listens.
@Suite struct ServerStartupTests {
    @Test func aPortInUseIsRefusedNamingTheWayOut() async throws {
        let folder = try ServerFolder()
        let first = try await ServerProcess(["--store", folder.store])
        let port = try #require(first.base.port)
        let second = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--store", folder.store, "--host", "127.0.0.1", "--port", "\(port)"])
        #expect(second.status != 0)
        #expect(second.stderr.contains("Port \(port) on 127.0.0.1 is in use"), "\(second.stderr)")
        #expect(second.stderr.contains("--port"))
    }

    @Test(.enabled(if: ComputerClock.canBeSet, Comment(rawValue: ComputerClock.missing)))
    func aServerOnAStoreFileIsRefusedOnAComputerClockOutsideTheYearsItKeeps() throws {
        let folder = try ServerFolder()
        let server = ToolProcess("cardshow-server", environment: ComputerClock.reading("1850-06-01 08:00:00").merging(["LOG_LEVEL": "error"]) { $1 })
        // A server that starts would listen until stopped: `timeout` stops it, and its status fails the test.
        let output = try server.runScript(ComputerClock.within60Seconds, arguments: [try #require(server.executable).path, "--store", folder.store, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("This computer's clock reads 1850-06-01 08:00 UTC, outside the years cardshow-server keeps"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.store))
    }

    @Test func aStoreAndADatabaseTogetherAreRefused() throws {
        let output = try ToolProcess("cardshow-server").run(["--store", "/tmp/x.store", "--postgres", "postgres://localhost/x"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Give --store or --postgres, not both."))
    }

    @Test func aStoreGivenTwiceIsRefusedBeforeEitherIsMade() async throws {
        let folder = try ServerFolder()
        let other = folder.url.appendingPathComponent("other.store").path
        do {
            let server = try await ServerProcess(["--store", folder.store, "--store", other])
            Issue.record("the server started, on \(server.base)")
        } catch let failure as ServerProcess.Failure {
            #expect(failure.description.contains("--store is given twice"), "\(failure)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.store))
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test func aCardShowStoreWhereTheServerKeepsItsSyncStoreIsNamedAsTheSyncStoresPlaceNotAsTheStoreGiven() throws {
        let folder = try ServerFolder()
        let tokens = folder.url.appendingPathComponent("tokens").path
        try "alice \(String(repeating: "a", count: 40))\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        // A dealer's own store that happens to have the name the server gives its sync store beside inventory.store.
        let namesake = folder.url.appendingPathComponent("inventory-sync.store").path
        #expect(try ToolProcess("cardshow").run(["contact", "add", "--name", "Ann", "--store", namesake]).status == 0)
        let output = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--store", folder.store, "--sync-tokens", tokens, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("With --sync-tokens the server keeps CardShow Pro's sync log beside the store \(folder.store), "
                                       + "in \(namesake), but that is not one of its sync stores"), "\(output.stderr)")
        #expect(!output.stderr.contains("is not a CardShow Pro store"), "\(output.stderr)")
    }

    @Test func aSyncStoreHoldingTheOtherAppsLogIsRefusedNotShared() async throws {
        let setup = try await SyncServerSetup()
        // The server of inventory.store keeps CouponTracker's log in inventory-coupontracker-sync.store.
        let wallet = ToolProcess("coupontracker", environment: ["COUPONTRACKER_SYNC_TOKEN": SyncServerSetup.aliceLaptop])
        let walletStore = setup.deviceStore("wallet")
        #expect(try wallet.run(["--store", walletStore, "demo"]).status == 0)
        #expect(try wallet.run(["--store", walletStore, "sync", "--server", setup.server.base.absoluteString + "/coupontracker"]).status == 0)
        // A server of inventory-coupontracker.store would keep CardShow Pro's log in that same file.
        let namesake = setup.folder.url.appendingPathComponent("inventory-coupontracker.store").path
        let output = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--store", namesake, "--sync-tokens", setup.folder.url.appendingPathComponent("tokens").path, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("With --sync-tokens the server keeps CardShow Pro's sync log beside the store \(namesake), in "
                                       + "\(setup.folder.url.appendingPathComponent("inventory-coupontracker-sync.store").path), but that holds "
                                       + "CouponTracker's sync log: it is where a server of the store \(setup.folder.store) keeps CouponTracker's."),
                "\(output.stderr)")
        #expect(InternalWords.found(in: output.stderr).isEmpty, "\(output.stderr)")
    }

    @Test func twoAppsSyncStoresThatAreOneFileThroughALinkAreRefused() throws {
        let folder = try ServerFolder()
        let tokens = folder.url.appendingPathComponent("tokens").path
        try "alice \(String(repeating: "a", count: 40))\n".write(toFile: tokens, atomically: true, encoding: .utf8)
        let cardShows = folder.url.appendingPathComponent("inventory-sync.store").path
        let couponTrackers = folder.url.appendingPathComponent("inventory-coupontracker-sync.store").path
        try FileManager.default.createSymbolicLink(atPath: cardShows, withDestinationPath: couponTrackers)
        let output = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--store", folder.store, "--sync-tokens", tokens, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("With --sync-tokens the server keeps CardShow Pro's sync log in \(cardShows) and CouponTracker's in "
                                       + "\(couponTrackers), but the two are one file (one name is a link to the other)"), "\(output.stderr)")
    }

    @Test func anEmptyHostIsRefusedInWords() throws {
        let output = try ToolProcess("cardshow-server").run(["--store", "/tmp/never-made.store", "--host", " ", "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Give an address to listen on with --host"), "\(output.stderr)")
    }

    @Test func anAddressThatIsNotThisMachinesIsRefusedBeforeTheStoreIsMade() throws {
        let folder = try ServerFolder()
        let output = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--store", folder.store, "--host", "999.1.1.1", "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Cannot listen on 999.1.1.1: it is not an address of this machine"), "\(output.stderr)")
        #expect(InternalWords.found(in: output.stderr).isEmpty, "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.store))
    }

    @Test func anAddressOfAnotherMachineIsRefusedInWordsNotTheSocketsError() throws {
        let folder = try ServerFolder()
        // 192.0.2.0/24 is for documentation (RFC 5737): well formed, and no machine's own.
        let output = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--store", folder.store, "--host", "192.0.2.1", "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Cannot listen on 192.0.2.1: it is not an address of this machine"), "\(output.stderr)")
        #expect(!output.stderr.contains("bind("), "\(output.stderr)")
        #expect(InternalWords.found(in: output.stderr).isEmpty, "\(output.stderr)")
    }

    @Test func anIPv6AddressIsBracketedInTheURLTheServerSaysItListensOn() throws {
        let folder = try ServerFolder()
        let executable = try #require(ToolProcess("cardshow-server").executable)
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = ["--store", folder.store, "--host", "::1", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["LOG_LEVEL": "error"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains("http://[::1]:"), "\(text)")
        let start = try #require(text.range(of: "http://"))
        let url = try #require(URL(string: String(text[start.lowerBound...])))
        #expect(url.port != nil, "\(text)")
    }

    @Test func anUnreachableDatabaseIsReportedInWords() throws {
        // Port 1 on loopback: nothing listens there.
        let output = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--postgres", "postgres://osd:osd@127.0.0.1:1/osd_test", "--port", "0"])
        #expect(output.status != 0)
        #expect(!output.stderr.isEmpty)
        #expect(InternalWords.found(in: output.stderr).isEmpty, "\(output.stderr)")
    }

    @Test func aNegativePortOrIdleTimeoutIsRefusedByItsRangeNotTakenForAnOption() throws {
        let port = try ToolProcess("cardshow-server").run(["--store", "/tmp/x.store", "--port", "-1"])
        #expect(port.status != 0)
        #expect(port.stderr.contains("The port must be from 0 to 65535, not -1."), "\(port.stderr)")
        let idle = try ToolProcess("cardshow-server").run(["--store", "/tmp/x.store", "--idle-timeout", "-5"])
        #expect(idle.status != 0)
        #expect(idle.stderr.contains("The idle timeout must be from 1 to 86400 seconds, not -5."), "\(idle.stderr)")
    }

    /// A device sends up to 5,000 changes a request: under a smaller limit, one with more
    /// pending was refused at every sync, for ever.
    @Test func aSyncBatchLimitBelowWhatADeviceSendsAtOnceIsRefusedAtStart() throws {
        let output = try ToolProcess("cardshow-server").run(["--store", "/tmp/x.store", "--sync-batch-limit", "100"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("The sync batch limit must be 5000 or more, the most changes a device sends in one request, not 100."),
                "\(output.stderr)")
    }
}
