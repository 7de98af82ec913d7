#if SwiftNIO
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// The HTTP transport on SwiftNIO (the `SwiftNIO` trait), against a real server on a port of
/// its own: what it sends, and each answer or silence as the error `URLSession`'s gives.
@Suite struct HTTPSyncTransportOnNIOTests {
    static let token = HTTPSyncTransportTests.token
    static let download = HTTPSyncTransportTests.download

    /// A transport on SwiftNIO to a server answering `status` with `body`.
    func transport(answering status: Int, headers: [String] = [], _ body: String) throws -> (HTTPSyncTransport, ScriptedHTTPServer) {
        let server = try ScriptedHTTPServer(.answering(status: status, headers: headers, body: body))
        return (try HTTPSyncTransport(server: server.url, token: Self.token, requestTimeout: 10), server)
    }

    @Test(arguments: [
        (401, SyncError.tokenRefused("No such token.")),
        (413, SyncError.batchTooLarge("No such token.")),
        (422, SyncError.clockAhead("No such token.")),
        (409, SyncError.rejected(status: 409, reason: "No such token.")),
        (500, SyncError.rejected(status: 500, reason: "No such token.")),
    ])
    func eachRefusalStatusBecomesItsErrorWithTheServersWords(status: Int, expected: SyncError) async throws {
        let (transport, server) = try transport(answering: status, #"{"error": "No such token."}"#)
        defer { server.stop() }
        await #expect(throws: expected) { try await transport.download(Self.download) }
    }

    @Test func aDownloadCarriesTheBearerTokenAndItsCursorAndReadsThePage() async throws {
        let page = SyncDownloadPage(changes: [], cursor: 7, hasMore: false)
        let (transport, server) = try transport(answering: 200, String(decoding: try JSONEncoder().encode(page), as: UTF8.self))
        defer { server.stop() }
        let request = SyncDownloadRequest(account: "a+b c", device: UUID(), schemaVersion: "1.0.0", cursor: 7, limit: 50)
        #expect(try await transport.download(request) == page)
        let sent = try #require(server.requests.first)
        let lines = sent.components(separatedBy: "\r\n")
        let target = try #require(lines.first?.split(separator: " ").dropFirst().first.map(String.init))
        let components = try #require(URLComponents(string: target))
        #expect(lines.first?.hasPrefix("GET /sync/v1/changes?") == true, "\(sent)")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query == ["after": "7", "limit": "50", "account": "a+b c", "device": request.device.uuidString, "schemaVersion": "1.0.0"])
        #expect(lines.contains("Authorization: Bearer \(Self.token)"), "\(sent)")
        #expect(lines.contains("Host: 127.0.0.1:\(server.port)"), "\(sent)")
    }

    @Test func anUploadSaysTheLengthOfItsBatch() async throws {
        let batch = SyncUploadBatch(account: "alice", device: UUID(), schemaVersion: "1.0.0", changes: [])
        let receipt = SyncUploadReceipt(batchID: batch.id, recordedChanges: 0, wasDuplicate: false)
        let (transport, server) = try transport(answering: 200, String(decoding: try JSONEncoder().encode(receipt), as: UTF8.self))
        defer { server.stop() }
        #expect(try await transport.upload(batch) == receipt)
        let sent = try #require(server.requests.first)
        #expect(sent.hasPrefix("POST /sync/v1/batches HTTP/1.1\r\n"), "\(sent)")
        #expect(sent.contains("Content-Length: \(try batch.wireJSON().count)\r\n"), "\(sent)")
    }

    @Test func aRedirectIsNotFollowedAndSaysWhereItPointed() async throws {
        let (transport, server) = try transport(answering: 302, headers: ["Location: http://elsewhere.example/sync"], "")
        defer { server.stop() }
        let error = await #expect(throws: SyncError.self) { try await transport.download(Self.download) }
        #expect(error?.description.contains("redirect (HTTP 302) to \"http://elsewhere.example/sync\"") == true, "\(String(describing: error))")
        #expect(server.requests.count == 1)
    }

    @Test(.timeLimit(HTTPSyncTransportTests.hangLimit))
    func aServerThatDoesNotAnswerIsUnreachableAfterTheRequestTimeout() async throws {
        let server = try ScriptedHTTPServer(.silent)
        defer { server.stop() }
        let transport = try HTTPSyncTransport(server: server.url, token: Self.token, requestTimeout: 1)
        await #expect(throws: SyncError.unreachable("127.0.0.1:\(server.port) did not answer within 1 seconds")) {
            try await transport.download(Self.download)
        }
    }

    @Test func anAddressWhereNothingListensIsUnreachable() async throws {
        // Port 1 (tcpmux) is one nothing listens on, on a machine that runs tests.
        let transport = try HTTPSyncTransport(server: URL(string: "http://127.0.0.1:1")!, token: Self.token, requestTimeout: 5)
        await #expect(throws: SyncError.unreachable("nothing answers at 127.0.0.1:1")) { try await transport.download(Self.download) }
    }

    @Test func aServerThatIsNotHTTPSOnAnHTTPSAddressIsNotOffline() async throws {
        let (_, server) = try transport(answering: 200, "{}")
        defer { server.stop() }
        let address = try #require(URL(string: "https://127.0.0.1:\(server.port)"))
        let transport = try HTTPSyncTransport(server: address, token: Self.token, requestTimeout: 5)
        let error = await #expect(throws: SyncError.self) { try await transport.download(Self.download) }
        guard case .invalidResponse(let reason) = error else {
            Issue.record("not an invalid response: \(String(describing: error))")
            return
        }
        #expect(reason.contains("secure connection"), "\(reason)")
    }

    /// A batch of megabytes on a slow uplink was cut off as a server that did not answer: the
    /// wait for the server counted no activity until the whole body was handed to the system.
    @Test(.timeLimit(HTTPSyncTransportTests.hangLimit))
    func aLargeUploadReadSlowlyIsNotTakenForAServerThatDoesNotAnswer() async throws {
        let server = try ScriptedHTTPServer(.readingSlowly(bytesPerSecond: 1 << 20))
        defer { server.stop() }
        var request = URLRequest(url: server.url.appendingPathComponent("sync/v1/batches"))
        request.httpMethod = "POST"
        request.httpBody = Data(count: 1 << 20)
        let (body, response) = try await NIOExchange(requestTimeout: 3).reply(to: request, within: 60, largest: 1 << 20)
        #expect(response.statusCode == 200 && body == Data("{}".utf8))
    }

    /// A reply's head that came a byte at a time was cut at the request timeout, where its body
    /// coming so is given ten times as long.
    @Test(.timeLimit(HTTPSyncTransportTests.hangLimit))
    func aReplysHeadComingSlowlyIsNotTakenForAServerThatDoesNotAnswer() async throws {
        let server = try ScriptedHTTPServer(.tricklingHead)
        defer { server.stop() }
        let (body, response) = try await NIOExchange(requestTimeout: 1).reply(to: URLRequest(url: server.url), within: 30, largest: 1 << 20)
        #expect(response.statusCode == 200 && body == Data("{}".utf8))
    }

    @Test func aConnectionClosedInTheMiddleOfTheReplysHeadClosedBeforeItAnswered() async throws {
        let server = try ScriptedHTTPServer(.cutInHead)
        defer { server.stop() }
        let transport = try HTTPSyncTransport(server: server.url, token: Self.token, requestTimeout: 5)
        await #expect(throws: SyncError.unreachable("the connection to 127.0.0.1:\(server.port) closed before it answered")) {
            try await transport.download(Self.download)
        }
    }

    @Test func anInterimAnswerThatComesLastIsNoSyncReply() async throws {
        let (transport, server) = try transport(answering: 101, headers: ["Upgrade: websocket"], "")
        defer { server.stop() }
        let error = await #expect(throws: SyncError.self) { try await transport.download(Self.download) }
        guard case .invalidResponse(let reason) = error else {
            Issue.record("not an invalid response: \(String(describing: error))")
            return
        }
        #expect(reason.contains("answered HTTP 101, which a sync server never ends with"), "\(reason)")
    }
}
#endif
