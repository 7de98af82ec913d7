import Foundation
import NIOCore
import NIOHTTPTypes

/// Keeps the first line of what a connection sent, as bytes, before the HTTP parser reads
/// it: the parser reports a request line that ends in a bare line feed (`GET / HTTP/1.1\n`)
/// and one of another HTTP version (`HTTP/2.0`) as the same error, and only the line tells
/// a 400 (the line's end) from a 505 (the version). `UnreadableRequests` reads it.
final class RequestLine: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The longest first line kept: far longer than any version at its end needs.
    static let longest = 8 * 1024

    private var bytes: [UInt8] = []
    private var complete = false
    /// The first request's head (its lines up to the empty one), up to `longest` bytes, for
    /// `HeaderLines` to name a fault of a header line the parser refused.
    private(set) var head: [UInt8] = []
    private var headComplete = false

    /// The first line as sent (without its line feed), once a line feed has come; nil before.
    var firstLine: [UInt8]? { complete ? bytes : nil }

    /// Whether what came before any line feed has a carriage return followed by another byte:
    /// lines ended by a carriage return alone (the old Mac's), so the first line never ends.
    var endsLinesInBareCarriageReturns: Bool { !complete && Self.hasBareCarriageReturn(bytes) }

    /// Adds the handler to a connection's pipeline before the HTTP parser; Hummingbird adds
    /// the handlers it is given after it.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            try? pipeline.addHandler(RequestLine(), position: .first)
            pipeline.removeHandler(context: context, promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headComplete { keepHead(unwrapInboundIn(data).readableBytesView) }
        if !complete {
            let buffer = unwrapInboundIn(data)
            let view = buffer.readableBytesView
            if let end = view.firstIndex(of: UInt8(ascii: "\n")) {
                bytes += view[..<end].prefix(max(0, Self.longest - bytes.count))
                complete = true
            } else {
                bytes += view.prefix(max(0, Self.longest - bytes.count))
            }
        }
        context.fireChannelRead(data)
    }

    /// Adds what came to the head until its empty line has come or `longest` bytes are kept;
    /// only the bytes that came last are searched for the empty line, as they may trickle in.
    private func keepHead(_ view: ByteBufferView) {
        let searchFrom = max(0, head.count - 3)
        head += view.prefix(max(0, Self.longest - head.count))
        let tail = head[searchFrom...]
        let ended = zip(tail.indices, tail.indices.dropFirst()).contains { first, second in
            head[first] == UInt8(ascii: "\n") && (head[second] == UInt8(ascii: "\n")
                || (head[second] == UInt8(ascii: "\r") && second + 1 < head.count && head[second + 1] == UInt8(ascii: "\n")))
        }
        headComplete = ended || head.count >= Self.longest
    }

    /// What a request line the parser refused for its version is: one that ends in a bare
    /// line feed (true), or one whose last word (`HTTP/2.0`) is a version the API does not speak.
    static func endsInBareLineFeed(_ line: [UInt8]) -> Bool {
        line.last != UInt8(ascii: "\r")
    }

    /// Whether `bytes` hold a carriage return with a byte after it that is not a line feed.
    static func hasBareCarriageReturn(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "\r") && $1 != UInt8(ascii: "\n") }
    }

    /// Whether the line is the first of HTTP/2's connection preface, `PRI * HTTP/2.0`.
    static func isHTTP2Preface(_ line: [UInt8]) -> Bool {
        var line = line
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line == Array("PRI * HTTP/2.0".utf8)
    }

    /// The first character of the line's address (its middle word) that an address carries
    /// only escaped, a letter beyond ASCII (`é`) or a control character, with its escape
    /// (`%C3%A9`); nil when it has none. The parser refuses such an address, and a user typing
    /// `curl 'http://…/cards?search=Pokémon'` is to be told that, not that the request was not HTTP.
    static func unescapedCharacter(_ line: [UInt8]) -> (character: String, escape: String)? {
        var line = line
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard let first = line.firstIndex(of: UInt8(ascii: " ")), let last = line.lastIndex(of: UInt8(ascii: " ")), first < last else { return nil }
        let target = line[(first + 1)..<last]
        guard let index = target.firstIndex(where: { $0 >= 0x7F || $0 < 0x20 }) else { return nil }
        // The whole character when the bytes from there are UTF-8; the byte alone otherwise.
        var bytes = [target[index]]
        if target[index] >= 0xC0 {
            let length = target[index] >= 0xF0 ? 4 : target[index] >= 0xE0 ? 3 : 2
            let run = Array(target[index...].prefix(length))
            if run.count == length, String(validating: run, as: UTF8.self) != nil { bytes = run }
        }
        let escape = bytes.map { String(format: "%%%02X", $0) }.joined()
        guard let text = String(validating: bytes, as: UTF8.self), let scalar = text.unicodeScalars.first,
              ![.control, .format].contains(scalar.properties.generalCategory) else {
            return ("a control character or a byte that is not UTF-8", escape)
        }
        return ("\"" + text + "\"", escape)
    }

    /// The last word of the line (`HTTP/2.0`), when it looks like a version; nil otherwise.
    static func version(_ line: [UInt8]) -> String? {
        var line = line
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard let space = line.lastIndex(of: UInt8(ascii: " ")) else { return nil }
        let word = String(decoding: line[(space + 1)...], as: UTF8.self)
        let digits = word.dropFirst("HTTP/".count)
        guard word.hasPrefix("HTTP/"), word.count <= 12,
              digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), !digits.isEmpty else { return nil }
        return word
    }
}
