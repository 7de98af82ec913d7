import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// What HTTP/1 asks of a server that the router cannot do, because the requests it sees
/// carry no version: this handler sits below `HTTP1ToHTTPServerCodec`, on HTTP/1's own parts.
///
/// - An HTTP/1.0 request is answered in HTTP/1.0, and the connection closes after the
///   answer unless the client asked to keep it (`Connection: keep-alive`, which the
///   answer then confirms).
/// - `Expect: 100-continue` gets its `100 Continue` before the body is read, when the
///   request goes to a route that reads one (`POST /cards`) and its `Content-Length` is
///   one the API reads; otherwise the final answer comes without it (the 413 or 404 the
///   router gives) and the connection closes after it, since the client may or may not
///   send the body. Any other expectation is answered 417 by `RouteErrors`, and the
///   connection closes. HTTP/1.0 knows no `Expect`: it is ignored there, as RFC 9110 says.
///
/// A request whose connection is to close carries `Connection: close` upwards, so that
/// Hummingbird stops reading after its answer and closes the connection.
final class HTTP1Semantics: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Each request read and not yet answered, in order (a client may pipeline them).
    private struct Exchange {
        var version: HTTPVersion
        var keepAlive: Bool
    }
    private var unanswered: [Exchange] = []

    /// Adds the handler to a connection's pipeline below the codec that drops the version;
    /// Hummingbird adds the handlers it is given above it.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOHTTPTypes.HTTPRequestPart

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
                try? pipeline.addHandler(HTTP1Semantics(), position: .before(codec))
            }
            pipeline.removeHandler(context: context, promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        var keepAlive = head.isKeepAlive
        let expectations = head.headers["expect"]
        if head.version < .http1_1 {
            head.headers.remove(name: "expect")
        } else if !expectations.isEmpty {
            let continues = expectations.count == 1 && expectations[0].lowercased() == "100-continue"
            if continues && Self.readsBody(head) {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))),
                                      promise: nil)
            } else {
                keepAlive = false
            }
        }
        if !keepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        unanswered.append(Exchange(version: head.version, keepAlive: keepAlive))
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            guard let exchange = unanswered.first else { break }
            if exchange.version < .http1_1 {
                head.version = exchange.version
                if exchange.keepAlive { head.headers.replaceOrAdd(name: "connection", value: "keep-alive") }
            }
            if !exchange.keepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        case .end:
            if !unanswered.isEmpty { unanswered.removeFirst() }
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// A request whose body a route reads, of a length the API takes.
    private static func readsBody(_ head: HTTPRequestHead) -> Bool {
        let path = String(head.uri.prefix { $0 != "?" })
        guard head.method == .POST, InventoryAPI.methods(for: path)?.contains(.post) == true else { return false }
        if let declared = head.headers["content-length"].first.flatMap(Int.init), declared > InventoryAPI.maximumBodySize {
            return false
        }
        return true
    }
}

private extension HTTPVersion {
    static func < (lhs: HTTPVersion, rhs: HTTPVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
