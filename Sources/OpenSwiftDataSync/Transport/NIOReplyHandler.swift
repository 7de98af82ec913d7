#if SwiftNIO
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOSSL

/// Sends one request once its connection is made and reads the reply to its end, within a
/// deadline for the whole reply and up to a largest size, completing `promise` once: with the
/// reply, or with the failure in ``NIOExchange``'s terms. The connection closes after.
final class NIOReplyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    struct Reply: Sendable {
        let head: HTTPResponseHead
        let body: ByteBuffer
    }

    /// The bytes of a request's body written at once.
    static let partSize = 16 * 1024

    private let request: HTTPRequestHead
    private let body: ByteBuffer
    private let largest: Int
    private let deadline: NIODeadline
    private let promise: EventLoopPromise<Reply>
    private var head: HTTPResponseHead?
    private var received = ByteBuffer()
    private var deadlineTask: Scheduled<Void>?
    private var finished = false

    init(request: HTTPRequestHead, body: ByteBuffer, largest: Int, deadline: NIODeadline, promise: EventLoopPromise<Reply>) {
        self.request = request
        self.body = body
        self.largest = largest
        self.deadline = deadline
        self.promise = promise
    }

    func channelActive(context: ChannelHandlerContext) {
        deadlineTask = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            finish(context, .failure(ReplyReader.Cut.tooSlow))
        }
        context.write(wrapOutboundOut(.head(request)), promise: nil)
        // In parts, each a write of its own: a write counts as activity once it is done, and one
        // of a whole batch of megabytes on a slow uplink would count none until its end.
        var rest = body
        while let part = rest.readSlice(length: min(rest.readableBytes, Self.partSize)), part.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(part))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(var part):
            guard received.readableBytes + part.readableBytes <= largest else {
                finish(context, .failure(ReplyReader.Cut.tooLarge))
                return
            }
            received.writeBuffer(&part)
        case .end:
            if let head { finish(context, .success(Reply(head: head, body: received))) }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            finish(context, .failure(URLError(.timedOut)))
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(context, .failure(failure(error)))
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Closed before the reply's end: before its head, as `URLSession` tells a connection
        // closed before any answer; after it, the answer broken off.
        finish(context, .failure(head == nil ? URLError(.badServerResponse) : ReplyReader.Cut.brokenOff))
        context.fireChannelInactive()
    }

    /// An error on the connection in ``NIOExchange``'s terms.
    private func failure(_ error: any Error) -> any Error {
        if let error = error as? HTTPParserError {
            // The connection ended inside the answer: cut off, not another protocol.
            if case .invalidEOFState = error { return head == nil ? URLError(.badServerResponse) : ReplyReader.Cut.brokenOff }
            return URLError(.cannotParseResponse)
        }
        if error is NIOSSLError || error is BoringSSLError { return URLError(.serverCertificateUntrusted) }
        return head == nil ? URLError(.networkConnectionLost) : ReplyReader.Cut.brokenOff
    }

    private func finish(_ context: ChannelHandlerContext, _ result: Result<Reply, any Error>) {
        guard !finished else { return }
        finished = true
        deadlineTask?.cancel()
        promise.completeWith(result)
        context.close(promise: nil)
    }
}
#endif
