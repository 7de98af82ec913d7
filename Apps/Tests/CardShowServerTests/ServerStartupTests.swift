import CommandLineTestSupport
import Foundation
import Testing

/// Starting the server: what it refuses, in words, before it listens.
@Suite struct ServerStartupTests {
    @Test func aPortInUseIsRefusedNamingTheWayOut() async throws {
        let folder = try ServerFolder()
        let first = try ServerProcess(["--store", folder.store])
        let port = try #require(first.base.port)
        let second = try ToolProcess("cardshow-server", environment: ["LOG_LEVEL": "error"])
            .run(["--store", folder.store, "--host", "127.0.0.1", "--port", "\(port)"])
        #expect(second.status != 0)
        #expect(second.stderr.contains("Port \(port) on 127.0.0.1 is in use"), "\(second.stderr)")
        #expect(second.stderr.contains("--port"))
    }

    @Test func aStoreAndADatabaseTogetherAreRefused() throws {
        let output = try ToolProcess("cardshow-server").run(["--store", "/tmp/x.store", "--postgres", "postgres://localhost/x"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Give --store or --postgres, not both."))
    }

    @Test func aStoreGivenTwiceIsRefusedBeforeEitherIsMade() throws {
        let folder = try ServerFolder()
        let other = folder.url.appendingPathComponent("other.store").path
        do {
            let server = try ServerProcess(["--store", folder.store, "--store", other])
            Issue.record("the server started, on \(server.base)")
        } catch let failure as ServerProcess.Failure {
            #expect(failure.description.contains("--store is given twice"), "\(failure)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.store))
        #expect(!FileManager.default.fileExists(atPath: other))
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
}
