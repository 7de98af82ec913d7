import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// The HTTP transport: what it sends, and each way a server or network can fail, as the
/// error that says what to do.
@Suite struct HTTPSyncTransportTests {
    static let token = "k3J9vQ2mX8pL4wR7tY1uZ6nB5cD0eF3gH"
    /// How long a test of a broken server may run before it counts as hung, as the sync it
    /// stands for did (for hours). Its answer comes within 20 seconds, but the test's task
    /// resumes only when one of the threads the suite's tasks share is free, which on two
    /// processors, beside the whole suite, took more than a minute.
    static let hangLimit = TimeLimitTrait.Duration.minutes(5)
    static let download = SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: "1.0.0", cursor: 0, limit: 10)

    func transport(answering status: Int, _ body: String) throws -> (HTTPSyncTransport, URL) {
        let server = StubHTTPServer.host(answering: status, body)
        return (try HTTPSyncTransport(server: server, token: Self.token, configuration: StubHTTPServer.configuration), server)
    }

    @Test(arguments: [
        (401, SyncError.tokenRefused("No such token.")),
        (403, SyncError.tokenRefused("No such token.")),
        (413, SyncError.batchTooLarge("No such token.")),
        (422, SyncError.clockAhead("No such token.")),
        (400, SyncError.rejected(status: 400, reason: "No such token.")),
        (409, SyncError.rejected(status: 409, reason: "No such token.")),
        (500, SyncError.rejected(status: 500, reason: "No such token.")),
    ])
    func eachRefusalStatusBecomesItsErrorWithTheServersWords(status: Int, expected: SyncError) async throws {
        let (transport, _) = try transport(answering: status, #"{"error": "No such token."}"#)
        await #expect(throws: expected) { try await transport.download(Self.download) }
    }

    @Test func aNotModifiedAnswerIsNotCalledARedirect() async throws {
        let (transport, _) = try transport(answering: 304, "")
        let error = await #expect(throws: SyncError.self) { try await transport.download(Self.download) }
        #expect(error?.description.contains("HTTP 304 (not modified), which a sync server never sends") == true, "\(String(describing: error))")
        #expect(error?.description.contains("redirect") == false)
    }

    @Test func aRedirectToALongAddressQuotesItCutShortAndKeepsTheAdvice() throws {
        let (transport, _) = try transport(answering: 200, "")
        let words = transport.redirected(status: 302, to: "http://elsewhere/" + String(repeating: "a", count: 20_000)).description
        #expect(words.count < 800, "\(words.count) characters")
        #expect(words.contains("a…\"") && words.hasSuffix("give that address."))
    }

    @Test func aRefusedTokenSaysTheServerRefusedThisDevicesToken() async throws {
        let (transport, _) = try transport(answering: 401, #"{"error": "The token is not one this server gave out."}"#)
        let error = await #expect(throws: SyncError.self) { try await transport.signedInAccount() }
        #expect(error?.description.contains("refused this device's token") == true, "\(String(describing: error))")
        #expect(error?.description.contains("The token is not one this server gave out") == true)
    }

    @Test func aNotFoundWithoutWordsSaysTheAddressHasNoSyncEndpoints() async throws {
        let (transport, server) = try transport(answering: 404, "<html>Not Found</html>")
        let error = await #expect(throws: SyncError.self) { try await transport.download(Self.download) }
        #expect(error?.description.contains("has no sync endpoints") == true, "\(String(describing: error))")
        #expect(error?.description.contains(server.absoluteString) == true)
    }

    @Test func aSuccessThatIsNotASyncReplyIsAnInvalidResponse() async throws {
        let (transport, _) = try transport(answering: 200, "<html>Welcome to nginx</html>")
        let error = await #expect(throws: SyncError.self) { try await transport.download(Self.download) }
        guard case .invalidResponse = error else {
            Issue.record("not an invalid response: \(String(describing: error))")
            return
        }
    }

    @Test func everyRequestCarriesTheBearerTokenAndTheDownloadItsCursor() async throws {
        let page = SyncDownloadPage(changes: [], cursor: 7, hasMore: false)
        let (transport, server) = try transport(answering: 200, String(decoding: try JSONEncoder().encode(page), as: UTF8.self))
        let request = SyncDownloadRequest(account: "a+b c", device: UUID(), schemaVersion: "1.0.0", cursor: 7, limit: 50)
        #expect(try await transport.download(request) == page)
        let sent = try #require(StubHTTPServer.requests(to: server).first)
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer \(Self.token)")
        let components = try #require(sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
        #expect(components.path == "/sync/v1/changes")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query == ["after": "7", "limit": "50", "account": "a+b c", "device": request.device.uuidString, "schemaVersion": "1.0.0"])
    }

    /// Without it the server began the full download again at every page, and a device whose
    /// account needed more than one page could never sync.
    @Test func aFullDownloadsPositionGoesWithTheRequestForItsNextPage() async throws {
        let page = SyncDownloadPage(changes: [], cursor: 0, hasMore: false)
        let (transport, server) = try transport(answering: 200, String(decoding: try JSONEncoder().encode(page), as: UTF8.self))
        let request = SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: "1.0.0", cursor: 0, limit: 500,
                                          fullDownload: SyncFullDownloadPosition(through: 812, sent: 500))
        _ = try await transport.download(request)
        let sent = try #require(StubHTTPServer.requests(to: server).first)
        let components = try #require(sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["fullDownloadThrough"] == "812" && query["fullDownloadSent"] == "500", "\(query)")
    }

    @Test(arguments: [URLError.Code.cannotConnectToHost, .cannotFindHost, .timedOut, .networkConnectionLost, .notConnectedToInternet].map(\.rawValue))
    func aNetworkThatIsAwayIsUnreachable(rawCode: Int) throws {
        let code = try #require(URLError.Code(rawValue: rawCode))
        let transport = try HTTPSyncTransport(server: URL(string: "http://sync.example.com:8080")!, token: Self.token)
        guard case .unreachable(let reason) = transport.failure(URLError(code)) else {
            Issue.record("\(code) is not unreachable: \(transport.failure(URLError(code)))")
            return
        }
        #expect(reason.contains("sync.example.com") || reason.contains("not connected"), "\(reason)")
    }

    @Test func aRequestCutShortWhileSendingIsUnreachableInWordsNotACode() throws {
        let transport = try HTTPSyncTransport(server: URL(string: "http://sync.example.com:8080")!, token: Self.token)
        guard case .unreachable(let reason) = transport.failure(URLError(.unknown)) else {
            Issue.record("a request cut short is \(transport.failure(URLError(.unknown)))")
            return
        }
        #expect(reason.contains("broke off") && !reason.contains("-1"), "\(reason)")
    }

    /// A reply whose connection closed before the length its head gave: told as the request's
    /// sending broken off, where the server had taken the request and begun its answer.
    @Test(.timeLimit(Self.hangLimit), arguments: TransportEngine.allCases)
    func aReplyCutShortIsUnreachableInTheMiddleOfTheAnswer(engine: TransportEngine) async throws {
        let server = try ScriptedHTTPServer(.cutShort)
        defer { server.stop() }
        let transport = try engine.transport(server: server.url, token: Self.token)
        await #expect(throws: SyncError.unreachable("the connection to 127.0.0.1:\(server.port) broke off in the middle of its answer")) {
            try await transport.download(Self.download)
        }
    }

    /// An answer with no HTTP head: told as an address no request can be made from.
    @Test(.timeLimit(Self.hangLimit), arguments: TransportEngine.allCases)
    func anAnswerWithoutHTTPSaysTheServerDidNotAnswerInHTTP(engine: TransportEngine) async throws {
        let server = try ScriptedHTTPServer(.withoutHTTP)
        defer { server.stop() }
        let transport = try engine.transport(server: server.url, token: Self.token)
        await #expect(throws: SyncError.invalidResponse("127.0.0.1:\(server.port) did not answer in HTTP; check that \(server.url.absoluteString) is the sync server's address")) {
            try await transport.download(Self.download)
        }
    }

    /// A server that answers a byte at a time: each byte restarted the wait for the next, and
    /// `URLSession` on Linux keeps no deadline for a whole reply, so the sync waited for hours.
    @Test(.timeLimit(Self.hangLimit), arguments: TransportEngine.byDefault)
    func aServerAnsweringAByteAtATimeIsUnreachableOnceAWholeReplyHasTakenTenTimesTheTimeout(engine: TransportEngine) async throws {
        let server = try ScriptedHTTPServer(.trickling)
        defer { server.stop() }
        // Two seconds: a byte every 0.2 s keeps the wait between bytes well within it on a loaded machine.
        let transport = try engine.transport(server: server.url, token: Self.token, requestTimeout: 2)
        await #expect(throws: SyncError.unreachable("127.0.0.1:\(server.port) did not finish answering within 20 seconds")) {
            try await transport.download(Self.download)
        }
    }

    /// A server whose answer never ends: the process grew by gigabytes a minute until the
    /// system stopped it.
    @Test(.timeLimit(Self.hangLimit), arguments: TransportEngine.byDefault)
    func aServerWhoseAnswerNeverEndsIsRefusedAtTheLargestReply(engine: TransportEngine) async throws {
        let server = try ScriptedHTTPServer(.flooding)
        defer { server.stop() }
        let transport = try engine.transport(server: server.url, token: Self.token, largestReply: 4 << 20)
        await #expect(throws: SyncError.invalidResponse("127.0.0.1:\(server.port) sent an answer of more than 4 MiB, which no sync reply "
                                                         + "holds; check that \(server.url.absoluteString) is the sync server's address")) {
            try await transport.download(Self.download)
        }
    }

    /// A port too large for an integer was no port to `URL`, and the token went to port 80.
    @Test(arguments: ["http://127.0.0.1:0", "http://127.0.0.1:65536", "http://127.0.0.1:99999", "http://127.0.0.1:99999999999999999999",
                      "http://user@127.0.0.1:18446744073709551696/sync"])
    func anAddressWithAPortNoServerCanListenOnIsRefusedBeforeAnythingIsSent(address: String) throws {
        let url = try #require(URL(string: address))
        #expect(throws: SyncError.self) { try HTTPSyncTransport(server: url, token: Self.token) }
    }

    @Test func anAddressARequestCannotBeMadeFromIsASetupErrorNotOffline() throws {
        let transport = try HTTPSyncTransport(server: URL(string: "http://sync.example.com:8080")!, token: Self.token)
        guard case .unsupportedSetup(let reason) = transport.failure(URLError(.badURL)) else {
            Issue.record("a bad address is \(transport.failure(URLError(.badURL)))")
            return
        }
        #expect(!reason.contains("-1000"), "\(reason)")
    }

    /// Issue 33's twenty-first pass: `cardshow sync --server HTTP://127.0.0.1:8080` (a scheme
    /// in capitals, the same scheme to RFC 3986) was taken, then "a request to 127.0.0.1:8080
    /// cannot be made from its address": FoundationNetworking makes requests to `http` only.
    @Test func anAddressWhoseSchemeIsInCapitalsIsSentInSmallLetters() throws {
        let transport = try HTTPSyncTransport(server: URL(string: "HTTP://127.0.0.1:8080/base")!, token: Self.token)
        #expect(transport.server.absoluteString == "http://127.0.0.1:8080/base")
    }

    @Test func anIPv6AddressIsNamedInBrackets() throws {
        let transport = try HTTPSyncTransport(server: URL(string: "http://[::1]:8080")!, token: Self.token)
        #expect(transport.failure(URLError(.cannotConnectToHost)) == .unreachable("nothing answers at [::1]:8080"))
    }

    @Test func anUntrustedCertificateIsNotOffline() throws {
        let transport = try HTTPSyncTransport(server: URL(string: "https://sync.example.com")!, token: Self.token)
        guard case .invalidResponse = transport.failure(URLError(.serverCertificateUntrusted)) else {
            Issue.record("an untrusted certificate is \(transport.failure(URLError(.serverCertificateUntrusted)))")
            return
        }
    }

    @Test(arguments: ["", "two words", "tab\there", "naïve-token-with-non-ascii-letters-0123"])
    func aTokenThatCannotBeAHeaderIsRefusedBeforeAnythingIsSent(token: String) {
        #expect(throws: SyncError.self) { try HTTPSyncTransport(server: URL(string: "http://127.0.0.1:8080")!, token: token) }
    }

    /// An infinite timeout was taken, and the words of a server that did not answer, which
    /// name it in whole seconds, stopped the process converting it.
    @Test(arguments: [0, -1, .infinity, .nan, 86_401] as [TimeInterval])
    func aRequestTimeoutThatIsNoNumberOfSecondsUpToADayIsRefused(timeout: TimeInterval) {
        let error = #expect(throws: SyncError.self) {
            try HTTPSyncTransport(server: URL(string: "http://127.0.0.1:8080")!, token: Self.token, requestTimeout: timeout)
        }
        #expect(String(describing: error).contains("give one from above 0 to 86400 (a day)"), "\(String(describing: error))")
    }

    @Test(arguments: ["ftp://127.0.0.1/", "file:///tmp/sync", "//127.0.0.1:8080"])
    func anAddressThatIsNotHTTPIsRefused(address: String) throws {
        let url = try #require(URL(string: address))
        #expect(throws: SyncError.self) { try HTTPSyncTransport(server: url, token: Self.token) }
    }

    @Test func aServerThatIsNotRunningLeavesTheClientOfflineAndItsChangesAreSentLater() async throws {
        let world = try SyncWorld(devices: 1)
        let device = world.devices[0]
        // Port 1 (tcpmux) is one nothing listens on, on a machine that runs tests.
        let nowhere = try HTTPSyncTransport(server: URL(string: "http://127.0.0.1:1")!, token: Self.token, requestTimeout: 5)
        let offline = try SyncClient(modelContainer: device.container, account: world.account, transport: nowhere, schemaVersion: "1.0.0")
        try device.container.edit { $0.insert(SyncCard(front: "made while the server was down")) }
        await #expect(throws: SyncError.self) { try await offline.syncOnce() }
        guard case .offline(let reason) = await offline.status else {
            Issue.record("status is \(await offline.status), not offline")
            return
        }
        #expect(reason.contains("127.0.0.1:1"), "\(reason)")
        try await device.client.syncOnce()
        #expect(try await world.serverState().map { $0.values["front"] } == [.text("made while the server was down")])
    }
}
