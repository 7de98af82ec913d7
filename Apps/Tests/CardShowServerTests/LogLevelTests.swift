import CommandLineTestSupport
import Foundation
import Testing

/// `LOG_LEVEL` names one of swift-log's levels; one the server does not know is warned of.
@Suite struct LogLevelTests {
    /// Issue 33's twenty-first pass: `LOG_LEVEL=verbose` was taken as `info` without a word.
    @Test func aLevelTheServerDoesNotKnowIsWarnedOfNamingTheLevels() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store], environment: ["LOG_LEVEL": "verbose"])
        #expect(try await server.send("GET", "/stats").status == 200)
        let errors = server.stopAndReadErrors()
        #expect(errors.contains("Warning: LOG_LEVEL is \"verbose\", which is not a level cardshow-server knows, so it logs at info. "
            + "The levels are trace, debug, info, notice, warning, error, critical."), "\(errors)")
    }

    @Test func aKnownLevelInCapitalsIsTakenWithoutAWarning() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store], environment: ["LOG_LEVEL": "WARNING"])
        #expect(try await server.send("GET", "/stats").status == 200)
        #expect(!server.stopAndReadErrors().contains("Warning: LOG_LEVEL"))
    }
}
