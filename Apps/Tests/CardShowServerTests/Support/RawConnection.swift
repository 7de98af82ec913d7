import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connection to the server on which a test sends bytes as they are and reads what
/// comes back, step by step, as a client that waits for `100 Continue` does.
///
/// Sendable: its socket, fixed at creation, may be written on one thread while another reads it.
final class RawConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: Int32

    /// Connects to `port` on this machine; a read waits at most `timeout` seconds.
    init(port: Int, timeout: Int = 30) throws {
        socket = try Self.connectedSocket(port: port)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(socket) }

    /// A socket connected to `port` on this machine, which the caller closes. Its reads
    /// wait without limit: the cutting proxy's side to the server waits as long as the server takes.
    static func connectedSocket(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw Failure(description: "could not connect: errno \(errno)")
        }
        return socket
    }

    func send(_ text: String) throws { try send(Data(text.utf8)) }

    func send(_ bytes: Data) throws {
        guard bytes.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw Failure(description: "could not send: errno \(errno)")
        }
    }

    /// What the server sends until it closes its side (or the read times out), and
    /// whether it closed.
    func readToEnd() -> (text: String, closed: Bool) {
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = Glibc.recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { return (String(decoding: answer, as: UTF8.self), count == 0) }
            answer.append(contentsOf: buffer[..<count])
        }
    }

    /// What the server sends until `marker` has come, or nothing more comes.
    func read(until marker: String) -> String {
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 1)
        while !String(decoding: answer, as: UTF8.self).contains(marker) {
            guard Glibc.recv(socket, &buffer, 1, 0) == 1 else { break }
            answer.append(buffer[0])
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
