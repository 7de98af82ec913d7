#if SwiftNIO
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Requests on SwiftNIO, each on a connection of its own on the process's shared event
/// loops, which wait in `epoll` and use no processor time while the server is silent.
/// (`URLSession` on Linux kept a core busy: after the connection is made libcurl asks for
/// read readiness only, but the dispatch source for write readiness it asked for while
/// connecting is never torn down, and an idle socket is always writable.)
///
/// It fails as ``URLSessionExchange`` does: a connection that cannot be made, a server
/// silent for the request timeout or an answer that is not HTTP as their `URLError`, a reply
/// cut off as ``ReplyReader/Cut``. It follows no redirect, so the token goes nowhere else.
final class NIOExchange: HTTPExchange {
    private let requestTimeout: TimeAmount
    /// The bytes of a request the system holds unsent (it keeps twice as many for its own use).
    /// A write counts as activity once the system has taken it: with the megabytes the system
    /// may hold, a batch on a slow uplink was still leaving a minute after its last write.
    static let sendBuffer: SocketOptionValue = 128 * 1024

    init(requestTimeout: TimeInterval) {
        self.requestTimeout = .nanoseconds(Int64(requestTimeout * 1_000_000_000))
    }

    func reply(to request: URLRequest, within seconds: TimeInterval, largest: Int) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, let host = url.host, !host.isEmpty,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw URLError(.badURL) }
        let secure = url.scheme == "https"
        let tls = try secure ? Self.tlsContext() : nil
        let head = Self.head(of: request, url: url, host: host, components: components)
        let body = ByteBuffer(bytes: request.httpBody ?? Data())
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let promise = loop.makePromise(of: NIOReplyHandler.Reply.self)
        let deadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1_000_000_000))
        let requestTimeout = requestTimeout
        // Server Name Indication carries a host name, never an address.
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(requestTimeout)
            .channelOption(ChannelOptions.socketOption(.so_sndbuf), value: Self.sendBuffer)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls { try pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName)) }
                    // Before the HTTP handlers, where it sees bytes: a reply's head coming slowly,
                    // or a large body leaving slowly, is not a server that does not answer.
                    try pipeline.addHandler(IdleStateHandler(allTimeout: requestTimeout))
                    try pipeline.addHTTPClientHandlers()
                    try pipeline.addHandler(NIOReplyHandler(request: head, body: body, largest: largest, deadline: deadline, promise: promise))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: url.port ?? (secure ? 443 : 80)).get()
        } catch {
            promise.fail(error)
            throw Self.connectionFailure(error)
        }
        do {
            let reply = try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                channel.close(promise: nil)
            }
            guard let response = HTTPURLResponse(url: url, statusCode: Int(reply.head.status.code), httpVersion: "HTTP/1.1",
                                                 headerFields: Dictionary(reply.head.headers.map { ($0.name, $0.value) }) { first, _ in first })
            else { throw URLError(.cannotParseResponse) }
            return (Data(reply.body.readableBytesView), response)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw error
        }
    }

    /// The request's head as sent: its path and query below the server's address, its headers,
    /// its length, and the connection closed after the reply (one request per connection).
    private static func head(of request: URLRequest, url: URL, host: String, components: URLComponents) -> HTTPRequestHead {
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), uri: target)
        let hostName = host.contains(":") ? "[\(host)]" : host
        head.headers.add(name: "Host", value: url.port.map { "\(hostName):\($0)" } ?? hostName)
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            head.headers.add(name: name, value: value)
        }
        if let body = request.httpBody { head.headers.add(name: "Content-Length", value: String(body.count)) }
        head.headers.add(name: "Connection", value: "close")
        return head
    }

    /// The system's trusted certificates, for an `https` server.
    private static func tlsContext() throws -> NIOSSLContext {
        do {
            return try NIOSSLContext(configuration: .makeClientConfiguration())
        } catch {
            throw URLError(.secureConnectionFailed)
        }
    }

    /// A connection that could not be made, as `URLSession` tells it.
    static func connectionFailure(_ error: any Error) -> URLError {
        if let error = error as? ChannelError, case .connectTimeout = error { return URLError(.timedOut) }
        if let error = error as? NIOConnectionError, error.connectionErrors.isEmpty { return URLError(.cannotFindHost) }
        return URLError(.cannotConnectToHost)
    }
}
#endif
