import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers a transport's requests in the test's process, without a network: each test
/// takes a host of its own (`StubHTTPServer.host()`), says what that host answers, and
/// reads back what was sent to it.
final class StubHTTPServer: URLProtocol {
    struct Answer: Sendable {
        var status: Int
        var body: Data
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var answers: [String: Answer] = [:]
    nonisolated(unsafe) private static var requests: [String: [URLRequest]] = [:]

    /// A new host name that answers `status` with `body`.
    static func host(answering status: Int, _ body: String) -> URL {
        let host = "stub-\(UUID().uuidString.lowercased()).invalid"
        lock.withLock { answers[host] = Answer(status: status, body: Data(body.utf8)) }
        return URL(string: "http://\(host):8080")!
    }

    /// The requests sent to `server`'s host so far.
    static func requests(to server: URL) -> [URLRequest] {
        lock.withLock { requests[server.host ?? ""] ?? [] }
    }

    /// A session configuration whose requests go to the stub.
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubHTTPServer.self]
        return configuration
    }

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.hasSuffix(".invalid") == true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let host = request.url?.host ?? ""
        let answer = Self.lock.withLock {
            Self.requests[host, default: []].append(request)
            return Self.answers[host]
        }
        guard let answer, let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1",
                                             headerFields: ["Content-Type": "application/json"]) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: answer.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
