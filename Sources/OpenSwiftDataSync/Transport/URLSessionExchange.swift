import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests through Foundation's `URLSession`, each reply read by a ``ReplyReader``. On
/// Linux `URLSession` drives libcurl through dispatch sources and keeps a processor core
/// busy while it waits for an answer; the `SwiftNIO` trait's `NIOExchange` does not.
final class URLSessionExchange: HTTPExchange {
    private let session: URLSession
    private let reader = ReplyReader()

    /// Requests in a session of `configuration`, whose timeouts are set from `requestTimeout`.
    init(configuration: URLSessionConfiguration, requestTimeout: TimeInterval) {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        // A whole transfer (a large first download page) may take longer than one wait for bytes.
        configuration.timeoutIntervalForResource = requestTimeout * 10
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        session = URLSession(configuration: configuration, delegate: reader, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    func reply(to request: URLRequest, within seconds: TimeInterval, largest: Int) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await reader.reply(to: session.dataTask(with: request), within: seconds, largest: largest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.cannotParseResponse) }
        return (data, http)
    }
}
