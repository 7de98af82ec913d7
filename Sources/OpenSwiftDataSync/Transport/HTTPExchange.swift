import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How ``HTTPSyncTransport`` trades one request for its reply: through Foundation's
/// `URLSession` (``URLSessionExchange``) or, with the package's `SwiftNIO` trait, on SwiftNIO
/// (`NIOExchange`). Either fails in the same terms, which the transport words once: a
/// `URLError` for a network or server that is away or not HTTP, a ``ReplyReader/Cut`` for a
/// reply cut off before its end.
protocol HTTPExchange: Sendable {
    /// The reply to `request`: its body whole, or a ``ReplyReader/Cut`` when it has not ended
    /// within `seconds` or grows past `largest` bytes. Redirects are answered, not followed.
    func reply(to request: URLRequest, within seconds: TimeInterval, largest: Int) async throws -> (Data, HTTPURLResponse)
}
