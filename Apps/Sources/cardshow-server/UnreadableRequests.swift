import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Makes a request the HTTP parser refuses, below the router, end as every other refusal:
/// with an `{"error": ...}` body, after which the connection closes. Hummingbird would
/// answer an empty 400.
///
/// Between requests (an address and headers over the parser's 80 KB, bytes that are not
/// HTTP) this handler answers itself. Within a request's body (a malformed chunk) the
/// error goes on to the route, whose `RouteErrors` answers it in JSON, and the empty 400
/// Hummingbird would add after that answer is not sent.
///
/// After the answer it closes only its side and reads on (the parser drops the rest), so
/// the client is not reset while it still sends and reads the answer; the connection
/// closes when the client closes it, or after ``lingering``.
final class UnreadableRequests: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The parser's limit on an address and its headers together (Hummingbird's default).
    static let largestHead = 80 * 1024

    /// How long a refused client has to read the answer before the connection closes.
    static let lingering = TimeAmount.seconds(10)

    private var requestsUnanswered = 0
    /// The parser refused what the client sent: the connection ends after the answer.
    private var unreadable = false
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { requestsUnanswered += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closing else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        requestsUnanswered -= 1
        guard unreadable, requestsUnanswered == 0 else {
            context.write(data, promise: promise)
            return
        }
        closing = true
        let written = promise ?? context.eventLoop.makePromise()
        context.writeAndFlush(data, promise: written)
        written.futureResult.whenComplete { [channel = context.channel] _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.lingering) { channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // What follows a refusal is the rest of the refused request, which the parser drops.
        if unreadable { return }
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        unreadable = true
        guard requestsUnanswered == 0 else {
            context.fireErrorCaught(error)
            return
        }
        requestsUnanswered += 1
        let requestLine = try? context.pipeline.syncOperations.handler(type: RequestLine.self)
        let (status, message) = requestLine?.endsLinesInBareCarriageReturns == true
            ? (.badRequest, Self.bareCarriageReturns)
            : Self.refusal(for: parserError, firstLine: requestLine?.firstLine, head: requestLine?.head)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let body = ByteBuffer(bytes: (try? encoder.encode(["error": message])) ?? Data())
        let head = HTTPResponse(status: status, headerFields: [
            .contentType: "application/json; charset=utf-8", .contentLength: "\(body.readableBytes)", .connection: "close",
        ])
        write(context: context, data: wrapOutboundOut(.head(head)), promise: nil)
        write(context: context, data: wrapOutboundOut(.body(body)), promise: nil)
        write(context: context, data: wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// `firstLine`: the first line the connection sent, as bytes, when it has come whole;
    /// `head`: what it sent of its first request's head.
    static func refusal(for error: HTTPParserError, firstLine: [UInt8]? = nil, head: [UInt8]? = nil) -> (HTTPResponse.Status, String) {
        switch error {
        case .headerOverflow:
            return (.init(code: 431, reasonPhrase: "Request Header Fields Too Large"),
                    "The address and headers are over \(largestHead >> 10) KB together; the API takes an address of at most "
                        + "\(RouteErrors<BasicRequestContext>.longestURI) characters. Search with a shorter text, or give a card's ID.")
        case .invalidVersion:
            // The parser says this of a request line ending in a bare line feed too (RFC 9112 lets a
            // server refuse those): its bytes tell the two apart.
            if let firstLine, RequestLine.endsInBareLineFeed(firstLine) {
                return (.badRequest, "The request line ends with a line feed alone: each line of an HTTP/1.1 request ends with "
                            + "a carriage return and a line feed (\\r\\n), as HTTP clients send them.")
            }
            // Any version but 1.0 and 1.1 (`HTTP/2.0`, `HTTP/0.9`), which RFC 9110 answers 505. NIO's
            // parser refuses `HTTP/1.2` too, before any handler sees the request, where RFC 9112 would
            // have it answered as 1.1: the request is not read, so 505 is what can be said.
            return unsupportedVersion(firstLine.flatMap(RequestLine.version))
        default:
            // HTTP/2's connection preface (`PRI * HTTP/2.0`, a client with prior knowledge) stops the
            // parser with another error; its version is as unsupported as `GET / HTTP/2.0`'s.
            if let firstLine, RequestLine.isHTTP2Preface(firstLine) { return unsupportedVersion("HTTP/2.0") }
            if let firstLine, let (character, escape) = RequestLine.unescapedCharacter(firstLine) {
                return (.badRequest, "The address holds \(character) as it is: an address carries such a character escaped, "
                            + "as its UTF-8 bytes (\(escape)), as HTTP clients and browsers send it; with curl, use "
                            + "--data-urlencode with --get for a search.")
            }
            if firstLine != nil, let head, let problem = HeaderLines.problem(in: head) { return (.badRequest, problem) }
            return (.badRequest, "The request could not be read as HTTP/1.1: send a request line, headers and a body as an HTTP client does.")
        }
    }

    /// The answer to a request whose lines end in a carriage return alone (`GET /stats
    /// HTTP/1.1\rHost: x\r\r`), which was "could not be read as HTTP/1.1", where one
    /// whose lines end in a line feed alone is told so.
    static let bareCarriageReturns = "The request line ends with a carriage return alone: each line of an HTTP/1.1 request "
        + "ends with a carriage return and a line feed (\\r\\n), as HTTP clients send them."

    /// The answer to a request line of a version the API does not speak (`version`, when the line names one).
    private static func unsupportedVersion(_ version: String?) -> (HTTPResponse.Status, String) {
        let named = version.map { " (\($0))" } ?? ""
        return (.httpVersionNotSupported,
                "The request's HTTP version\(named) is not one this API speaks: send it as HTTP/1.1 (or HTTP/1.0).")
    }

    /// The answer to a body the parser refused while a route read it.
    static let unreadableBody = "The body could not be read as HTTP/1.1 (its length or chunks are malformed); nothing was imported."
}
