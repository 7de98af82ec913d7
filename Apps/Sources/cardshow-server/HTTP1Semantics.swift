import CommandLineSupport
import Foundation
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
/// - Two `Host` headers, or an HTTP/1.1 request without one, are a 400, a transfer
///   coding other than `chunked` a 501 (RFC 9112 3.2 and 6.1), and a body in a content
///   coding other than `identity` a 415 (RFC 9110 15.5.16), answered here in JSON.
/// - A body that comes slower than ``slowestBody`` after ``bodyGrace`` is a 408.
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
    /// A request was refused here and the connection is closing: what follows is dropped.
    private var refused = false
    /// A refusal waiting for the answers owed to requests pipelined before it, and how many
    /// requests may still be unanswered when it is sent; what follows it is dropped.
    private var waitingRefusal: (owed: Int, send: () -> Void)?

    /// The least rate a body is read at after its first ``bodyGrace``, in bytes a second. The
    /// idle timeout counts from the last part read, so a client that sent a byte of a body
    /// now and then, each within it, held a connection and a route for as long as it liked.
    static let slowestBody = 1_024
    static let bodyGrace = TimeAmount.seconds(10)
    /// The body being read: when its head came, and how many bytes of it since.
    private var body: (start: NIODeadline, bytes: Int)?
    private var bodyCheck: RepeatedTask?

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
        if refused || waitingRefusal != nil { return }
        let part = unwrapInboundIn(data)
        switch part {
        case .body(let buffer):
            body?.bytes += buffer.readableBytes
            context.fireChannelRead(data)
            return
        case .end:
            endBody()
            context.fireChannelRead(data)
            return
        case .head:
            break
        }
        guard case .head(var head) = part else { return }
        if head.method == .CONNECT {
            // NIO's encoder sends an answer to CONNECT without its body and without a length, so
            // the client read the empty 404 the router gave until the idle timeout closed it.
            refuse(.notImplemented, "CONNECT asks a proxy for a tunnel to \"\(TerminalText.quoted(head.uri))\", and this server is "
                       + "no proxy: it answers GET, HEAD, POST and DELETE on its own addresses, such as GET /cards and GET /stats.",
                   context: context, belowEncoder: true)
            return
        }
        if let problem = Self.hostProblem(head) {
            refuse(.badRequest, problem, context: context)
            return
        }
        if let coding = Self.unknownTransferCoding(head) {
            refuse(.notImplemented, "The body is sent with the transfer coding \"\(TerminalText.quoted(coding))\", which the API "
                       + "does not read: send it as it is, with a Content-Length or chunked. Nothing was imported.",
                   context: context)
            return
        }
        let hasBody = head.headers["content-length"].contains(where: { $0 != "0" }) || !head.headers["transfer-encoding"].isEmpty
        if hasBody, let coding = Self.unknownContentCoding(head) {
            refuse(.unsupportedMediaType, "The body is sent with the content coding \"\(TerminalText.quoted(coding))\" (its "
                       + "Content-Encoding header), which the API does not read: send the JSON as it is, without Content-Encoding. "
                       + "Nothing was changed.",
                   context: context, headers: [("accept-encoding", "identity")])
            return
        }
        if hasBody {
            watchBody(context: context)
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
        if refused {
            // The route's answer to a request this handler has answered itself.
            promise?.fail(ChannelError.outputClosed)
            return
        }
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
            context.write(data, promise: promise)
            if let waiting = waitingRefusal, unanswered.count <= waiting.owed {
                waitingRefusal = nil
                waiting.send()
            }
            return
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// Why a request's `Host` headers are refused, as RFC 9112 (3.2) asks of every server: an
    /// HTTP/1.1 request without one, and any request with more than one (which a proxy and
    /// this server could each read differently). Nil when they are fine.
    static func hostProblem(_ head: HTTPRequestHead) -> String? {
        let hosts = head.headers["host"]
        if hosts.count > 1 {
            let named = hosts.map { "\"\(TerminalText.quoted($0))\"" }.joined(separator: " and ")
            return "The request has \(hosts.count) Host headers (\(named)): send one, naming the server as you reach it "
                + "(Host: 127.0.0.1:8080)."
        }
        if hosts.isEmpty, head.version == .http1_1 {
            return "The request has no Host header, which every HTTP/1.1 request has: send one, naming the server as you "
                + "reach it (Host: 127.0.0.1:8080), as HTTP clients do."
        }
        return nil
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        endBody()
    }

    func channelInactive(context: ChannelHandlerContext) {
        endBody()
        context.fireChannelInactive()
    }

    /// Checks once a second, after ``bodyGrace``, that the body of the request just read comes
    /// at ``slowestBody`` at least, and answers `408` when it does not.
    private func watchBody(context: ChannelHandlerContext) {
        endBody()
        body = (NIODeadline.now(), 0)
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        bodyCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: Self.bodyGrace, delay: .seconds(1)) { _ in
            let (handler, context) = bound.value
            handler.checkBodyRate(context: context)
        }
    }

    private func endBody() {
        body = nil
        bodyCheck?.cancel()
        bodyCheck = nil
    }

    private func checkBodyRate(context: ChannelHandlerContext) {
        guard let body, !refused else { return endBody() }
        let elapsed = NIODeadline.now() - body.start
        let owed = Int64(Self.slowestBody) * (elapsed - Self.bodyGrace).nanoseconds / 1_000_000_000
        guard Int64(body.bytes) < owed else { return }
        endBody()
        let seconds = elapsed.nanoseconds / 1_000_000_000
        refuse(.requestTimeout, "The body came too slowly: \(body.bytes) bytes in \(seconds) seconds. After its first "
                   + "\(Self.bodyGrace.nanoseconds / 1_000_000_000) seconds the API reads a body at \(Self.slowestBody / 1_024) KB "
                   + "a second at least: send it again over a faster connection. Nothing was imported.",
               context: context, owed: 1)
    }

    /// A transfer coding of the request other than `chunked` (`gzip, chunked`), which RFC 9112
    /// (6.1) answers 501: the parser reads such a body as chunked and passed it on as if it
    /// were not compressed. Nil when there is none.
    static func unknownTransferCoding(_ head: HTTPRequestHead) -> String? {
        head.headers["transfer-encoding"]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased() != "chunked" && !$0.isEmpty }
    }

    /// A content coding of the request's body other than `identity` (`Content-Encoding: gzip`),
    /// which RFC 9110 (15.5.16) answers 415: the body was read as it came, so a compressed one
    /// was called "not valid JSON" (its first byte, 0x1F) and a plain one sent with the header
    /// was imported as if the header were not there. Nil when there is none.
    static func unknownContentCoding(_ head: HTTPRequestHead) -> String? {
        head.headers["content-encoding"]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.lowercased() != "identity" && !$0.isEmpty }
    }

    /// Answers `status` with `message` in JSON and closes the connection. `owed`: the requests
    /// read and not yet answered, this one included when it is among them; answers owed to
    /// requests pipelined before it come first, and this one is sent once they are written
    /// (the connection was closed at once, and the answers to the requests before it lost).
    /// `belowEncoder`: the answer is written as bytes below NIO's response encoder, which
    /// drops the body (and its length) of any answer to a CONNECT.
    private func refuse(_ status: HTTPResponseStatus, _ message: String, context: ChannelHandlerContext, owed: Int = 0,
                        belowEncoder: Bool = false, headers extra: [(String, String)] = []) {
        guard unanswered.count <= owed else {
            guard waitingRefusal == nil else { return }
            waitingRefusal = (owed, { [self] in
                refuse(status, message, context: context, owed: owed, belowEncoder: belowEncoder, headers: extra)
            })
            return
        }
        refused = true
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let body = ByteBuffer(bytes: (try? encoder.encode(["error": message])) ?? Data())
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "content-length", value: "\(body.readableBytes)")
        headers.add(name: "connection", value: "close")
        for (name, value) in extra { headers.add(name: name, value: value) }
        if belowEncoder, let below = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) {
            var bytes = ByteBuffer(string: "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
                                   + headers.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n")
            bytes.writeImmutableBuffer(body)
            below.writeAndFlush(NIOAny(bytes)).whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
            return
        }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
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
