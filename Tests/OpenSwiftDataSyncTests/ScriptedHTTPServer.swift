import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real server on a port of its own that answers every request as a broken HTTP server
/// would: with a body that never ends, a byte at a time (`trickling`) or a mebibyte at a
/// time (`flooding`), until the client goes or the server is stopped; with a head promising
/// more than it sends before it closes (`cutShort`); without HTTP at all (`withoutHTTP`); or
/// not at all (`silent`). Or as a working one would, with a status and body (`answering`),
/// keeping the requests it was sent.
final class ScriptedHTTPServer: @unchecked Sendable {
    enum Pace: Equatable {
        case trickling, flooding, cutShort, withoutHTTP, silent
        case answering(status: Int, headers: [String] = [], body: String)
        /// Closes the connection in the middle of the reply's head.
        case cutInHead
        /// Sends a whole small reply, its head a byte at a time.
        case tricklingHead
        /// Reads the request's body at this many bytes a second, then answers `{}`.
        case readingSlowly(bytesPerSecond: Int)
    }

    let port: UInt16
    private let listener: Int32
    private let pace: Pace
    private let lock = NSLock()
    private var stopped = false
    private var listenerClosed = false
    private var received: [String] = []

    /// Each request as it came (its head and as much of its body as came with it).
    var requests: [String] { lock.withLock { received } }

    init(_ pace: Pace) throws {
        self.pace = pace
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else { close(listener); throw POSIXError(.EADDRINUSE) }
        if case .readingSlowly = pace {
            // A small window, so that a request waits on this server's reading, not in its buffers.
            var size: Int32 = 16 * 1024
            setsockopt(listener, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptEach() }
        thread.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Stops answering: each connection is closed at its next write, and no more are taken.
    /// The listener is shut here and closed by the thread accepting on it, once it is done:
    /// closed here, its number could go to another test's socket before that thread's next
    /// `accept`, which would then take (and answer at this server's pace) a connection meant
    /// for another server.
    func stop() {
        lock.withLock {
            stopped = true
            if !listenerClosed { shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptEach() {
        defer {
            lock.withLock {
                listenerClosed = true
                close(listener)
            }
        }
        while !isStopped {
            let connection = accept(listener, nil, nil)
            if connection < 0, errno == EINTR { continue }
            guard connection >= 0 else { return }
            guard !isStopped else {
                close(connection)
                return
            }
            let thread = Thread { [self] in answer(connection) }
            thread.start()
        }
    }

    private func answer(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8](repeating: 0, count: 65_536)
        let count = recv(connection, &request, request.count, 0)
        let text = String(decoding: request.prefix(max(count, 0)), as: UTF8.self)
        lock.withLock { received.append(text) }
        switch pace {
        case .cutInHead:
            _ = write(connection, Array("HTTP/1.1 200 OK\r\nContent-Le".utf8))
            return
        case .tricklingHead:
            for byte in Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8) where !isStopped {
                guard write(connection, [byte]) else { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return
        case .readingSlowly(let bytesPerSecond):
            readBodySlowly(connection, after: request.prefix(max(count, 0)), bytesPerSecond: bytesPerSecond)
            _ = write(connection, Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8))
            return
        case .answering(let status, let headers, let body):
            let head = (["HTTP/1.1 \(status) Scripted", "Content-Length: \(body.utf8.count)", "Connection: close"] + headers)
                .joined(separator: "\r\n")
            _ = write(connection, Array((head + "\r\n\r\n" + body).utf8))
            return
        case .silent:
            while !isStopped { Thread.sleep(forTimeInterval: 0.1) }
            return
        case .cutShort:
            _ = write(connection, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"chan".utf8))
            return
        case .withoutHTTP:
            _ = write(connection, Array("hello from a server that does not speak HTTP\n".utf8))
            return
        case .trickling, .flooding:
            break
        }
        let head = pace == .trickling
            ? "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
            : "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        guard write(connection, Array(head.utf8)) else { return }
        let chunk = Array("100000\r\n".utf8) + [UInt8](repeating: 0x20, count: 1 << 20) + Array("\r\n".utf8)
        while !isStopped {
            if pace == .trickling {
                guard write(connection, [0x20]) else { return }
                Thread.sleep(forTimeInterval: 0.2)
            } else {
                guard write(connection, chunk) else { return }
            }
        }
    }

    /// Reads the rest of a request whose first bytes were `first`, to its `Content-Length`, a
    /// tenth of `bytesPerSecond` every tenth of a second.
    private func readBodySlowly(_ connection: Int32, after first: ArraySlice<UInt8>, bytesPerSecond: Int) {
        let text = String(decoding: first, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n"),
              let lengthLine = text[..<headEnd.lowerBound].split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return }
        var left = length - text[headEnd.upperBound...].utf8.count
        var part = [UInt8](repeating: 0, count: max(bytesPerSecond / 10, 1))
        while left > 0, !isStopped {
            let read = recv(connection, &part, min(part.count, left), 0)
            guard read > 0 else { return }
            left -= read
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
