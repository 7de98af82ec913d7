import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listener on this machine that answers each connection with one fixed HTTP answer and
/// keeps the head of each request it was sent: a server that is not a sync server (one
/// that redirects), and the place its redirect points to.
final class AnsweringListener: @unchecked Sendable {
    struct Failure: Error {}

    /// The port it listens on, taken from the free ones.
    let port: Int
    private let socket: Int32
    /// What the thread that answers writes and the test reads.
    private final class Heads: @unchecked Sendable {
        let lock = NSLock()
        var all: [String] = []
    }
    private let heads = Heads()

    /// Listens, answering every request with `answer` (given this listener's port).
    init(answer: String) throws {
        let listening = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listening >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(listening, pointer, length) == 0 && listen(listening, 16) == 0 && getsockname(listening, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listening)
            throw Failure()
        }
        socket = listening
        port = Int(UInt16(bigEndian: address.sin_port))
        // The thread holds the heads, not the listener, so that the listener's end closes the
        // socket and its accept returns.
        Thread.detachNewThread { [heads] in
            // Closed by this thread, after its last accept: closed by `deinit`, its number
            // could go to another test's socket first, and this thread would answer on it.
            defer { Glibc.close(listening) }
            while true {
                let connection = accept(listening, nil, nil)
                guard connection >= 0 else { return }
                var bytes = [UInt8](repeating: 0, count: 16_384)
                let count = recv(connection, &bytes, bytes.count, 0)
                heads.lock.withLock { heads.all.append(String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)) }
                _ = Array(answer.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Glibc.close(connection)
            }
        }
    }

    /// The heads of the requests it was sent so far.
    var requests: [String] { heads.lock.withLock { heads.all } }

    /// Stops listening; the thread ends at its next accept.
    func stop() { shutdown(socket, Int32(SHUT_RDWR)) }

    deinit { stop() }
}
