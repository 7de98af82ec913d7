import CommandLineSupport
import Foundation
import NIOCore
import Synchronization

/// Stops accepting connections while accepting more would leave the process without file
/// descriptors for its own work, and says so on standard error once each time (at most
/// once a minute: a server at its limit reaches it again as soon as one connection closes
/// and the next is accepted).
///
/// Two limits. The first is ``capacity``: as many connections as the process's file limit
/// (`ulimit -n`) holds beside what it had open when it began listening and a reserve for
/// its stores (SQLite opens a journal to save, a PostgreSQL pool a socket), so that the
/// connections already open are still answered; accepting resumes as soon as one closes.
/// The second is the process (EMFILE) or the system (ENFILE) running out anyway, when
/// something else took the reserve: accepting stops for a second at a time.
///
/// SwiftNIO's own back-off delays the next read it is asked for, but the read pending when
/// `accept` failed stays pending: the listening socket, readable while connections wait in
/// its backlog, wakes the event loop at once, and `accept` fails again, a core spinning
/// for as long as the descriptors are gone. Turning `autoRead` off stops the socket's
/// readiness from being watched; turning it on again accepts what waits.
final class AcceptPause: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Channel
    typealias InboundOut = Channel

    /// How long accepting stops after `accept` failed for want of a descriptor.
    static let pause = TimeAmount.seconds(1)
    /// The descriptors kept for the server's own work beyond those it had open when it began listening.
    static let reserve = 32

    /// The most connections open at once.
    let capacity: Int
    /// The process's file limit the capacity was drawn from, for the message; nil when there is none.
    let fileLimit: Int?

    /// The process's connections accepted and not yet closed, and when it last said it
    /// stopped accepting: one count and one minute for every listening socket's pause, since
    /// they draw on one file limit and write to one standard error.
    private static let process = Mutex<(open: Int, said: NIODeadline?)>((0, nil))
    /// Whether ``capacity`` connections are open and accepting stopped for it.
    private var full = false
    /// Whether `accept` failed for want of a descriptor and no connection was accepted since.
    private var exhausted = false

    /// A pause for a process whose file limit is `fileLimit` (nil: none) and that has
    /// `openAtStart` descriptors open as it begins listening.
    init(fileLimit: Int?, openAtStart: Int) {
        self.fileLimit = fileLimit
        capacity = fileLimit.map { max(1, $0 - openAtStart - Self.reserve) } ?? .max
    }

    /// A pause for this process, as it is now.
    static func forThisProcess() -> AcceptPause {
        var limit = rlimit()
        // rlim_t.max is RLIM_INFINITY, which Swift does not import.
        let fileLimit = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
            ? Int(clamping: limit.rlim_cur) : nil
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return AcceptPause(fileLimit: fileLimit, openAtStart: open)
    }

    static func message(_ code: Int32) -> String {
        let whose = code == ENFILE ? "The system has" : "This process has"
        return "cardshow-server: \(whose) no file descriptor left for a new connection (too many open files): "
            + "it stops accepting connections for a second at a time until connections close. Raise the limit "
            + "(ulimit -n) or close idle clients; connections already open are answered meanwhile."
    }

    func fullMessage() -> String {
        "cardshow-server: \(capacity) connections are open, as many as this process's file limit (ulimit -n "
            + "\(fileLimit.map(String.init) ?? "unlimited")) allows while keeping \(Self.reserve) files for its stores: "
            + "it accepts more as connections close. Raise the limit (ulimit -n) or close idle clients; "
            + "connections already open are answered meanwhile."
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        exhausted = false
        let open = Self.process.withLock { state in
            state.open += 1
            return state.open
        }
        let server = context.channel
        let pause = NIOLoopBound(self, eventLoop: context.eventLoop)
        unwrapInboundIn(data).closeFuture.whenComplete { _ in
            server.eventLoop.execute { pause.value.closed(server) }
        }
        if open >= capacity, !full {
            full = true
            say(fullMessage())
            server.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let error = error as? IOError, error.errnoCode == EMFILE || error.errnoCode == ENFILE else {
            context.fireErrorCaught(error)
            return
        }
        if !exhausted { say(Self.message(error.errnoCode)) }
        exhausted = true
        let server = context.channel
        let pause = NIOLoopBound(self, eventLoop: context.eventLoop)
        server.setOption(ChannelOptions.autoRead, value: false).whenSuccess {
            server.eventLoop.scheduleTask(in: Self.pause) { pause.value.resume(server) }
        }
    }

    private func closed(_ server: Channel) {
        let open = Self.process.withLock { state in
            state.open -= 1
            return state.open
        }
        if full, open < capacity {
            full = false
            resume(server)
        }
    }

    /// Accepts again, unless as many connections as the capacity are open.
    private func resume(_ server: Channel) {
        guard !full else { return }
        // A channel closed meanwhile (the server stopping) refuses the option: nothing to resume.
        server.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
    }

    private func say(_ text: String) {
        let now = NIODeadline.now()
        let due = Self.process.withLock { state in
            guard state.said.map({ now - $0 >= .minutes(1) }) ?? true else { return false }
            state.said = now
            return true
        }
        if due { printError(text) }
    }
}
