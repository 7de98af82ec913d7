import CommandLineSupport
import Foundation
import NIOCore

/// Stops accepting connections for a second at a time while the process (EMFILE) or the
/// system (ENFILE) has no file descriptor left, and says so on standard error once each
/// time it runs out (at most once a minute: a server at its limit runs out again as soon as
/// one connection closes and the next is accepted).
///
/// SwiftNIO's own back-off delays the next read it is asked for, but the read pending when
/// `accept` failed stays pending: the listening socket, readable while connections wait in
/// its backlog, wakes the event loop at once, and `accept` fails again, a core spinning
/// for as long as the descriptors are gone. Turning `autoRead` off stops the socket's
/// readiness from being watched; turning it on again a second later accepts what waits.
final class AcceptPause: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Channel
    typealias InboundOut = Channel

    /// How long accepting stops before the next try.
    static let pause = TimeAmount.seconds(1)

    /// Whether the descriptors ran out and no connection was accepted since (said once).
    private var exhausted = false
    /// When it was last said, for the minute between two.
    private var said: NIODeadline?

    static func message(_ code: Int32) -> String {
        let whose = code == ENFILE ? "The system has" : "This process has"
        return "cardshow-server: \(whose) no file descriptor left for a new connection (too many open files): "
            + "it stops accepting connections for a second at a time until connections close. Raise the limit "
            + "(ulimit -n) or close idle clients; connections already open are answered meanwhile."
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        exhausted = false
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let error = error as? IOError, error.errnoCode == EMFILE || error.errnoCode == ENFILE else {
            context.fireErrorCaught(error)
            return
        }
        if !exhausted, said.map({ .now() - $0 >= .minutes(1) }) ?? true {
            said = .now()
            printError(Self.message(error.errnoCode))
        }
        exhausted = true
        let channel = context.channel
        channel.setOption(ChannelOptions.autoRead, value: false).whenSuccess {
            channel.eventLoop.scheduleTask(in: Self.pause) {
                // A channel closed meanwhile (the server stopping) refuses the option: nothing to resume.
                channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            }
        }
    }
}
