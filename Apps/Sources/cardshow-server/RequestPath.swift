import CommandLineSupport
import Foundation
import Hummingbird

/// What the router is handed in place of the request as sent, because its routes match the
/// path's bytes as they came: each path segment percent-decoded (`/cards/%41BC` is
/// `/cards/ABC`, as RFC 3986 makes them the same address), and `HEAD` answered as `GET`
/// without the body (the same status and headers, `Content-Length` included, as RFC 9110
/// asks of every resource that answers `GET`), and the path's dot segments removed
/// (`/./stats` is `/stats`).
struct RequestPath<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BasicRequestContext {
    let inner: Inner
    /// Here rather than in the router, so that the log names the request as it was sent (`HEAD`, its escapes).
    private let log = LogRequestsMiddleware<BasicRequestContext>(.info)

    init(inner: Inner) {
        self.inner = inner
    }

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        try await log.handle(request, context: context) { request, context in try await answer(request, context: context) }
    }

    private func answer(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let isHead = request.method == .head
        var head = request.head
        if isHead { head.method = .get }
        let response: Response
        do {
            head.path = try Self.decoded(request.head.path ?? "/")
            response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        return isHead ? response.createHeadResponse() : response
    }

    /// The request target with each segment of its path percent-decoded; the query is left
    /// as it is (the router decodes its values).
    static func decoded(_ target: String) throws -> String {
        let query = target.firstIndex { $0 == "?" }
        let path = target[..<(query ?? target.endIndex)]
        if let query {
            // The router takes a value whose escapes are malformed as it is written (`search=%G1` searches
            // for "%G1"): refused here as in the path, so that no escape means two things.
            for part in target[target.index(after: query)...].split(whereSeparator: { $0 == "&" || $0 == "=" }) {
                _ = try decoded(segment: part, in: target[...])
            }
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard path.contains("%") || parts.contains(where: { $0 == "." || $0 == ".." }) else { return target }
        var segments: [String] = []
        for segment in parts {
            let text = try decoded(segment: segment, in: path)
            // A `/`, `?` or `#` written as an escape is data within its segment, which the router's
            // path cannot carry; no route or card ID holds one, so the address is none the API has.
            // So is a space or a control character (`/cards/%20`, `/cards/%00`): the router's path
            // ended at it, so `POST /cards/%20` imported as `POST /cards` did and
            // `GET /cards/%0A` listed every card.
            if text.contains(where: { "/?#".contains($0) })
                || text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
                throw APIProblem(status: .notFound,
                                 message: "There is no \(TerminalText.quoted(String(path))) in this API. " + InventoryAPI.routesSentence)
            }
            segments.append(text)
        }
        let normalized = path.hasPrefix("/") ? removingDotSegments(segments) : segments
        return normalized.joined(separator: "/") + (query.map { String(target[$0...]) } ?? "")
    }

    /// The segments of an absolute path (the first is empty, before its `/`) with `.` and `..`
    /// taken out as RFC 3986's remove_dot_segments takes them out (5.2.4): `/./stats` and
    /// `/cards/../stats` are `/stats`, and a `..` above the root stays at the root. Clients
    /// remove them before they send; one that does not (curl --path-as-is, a hand-written
    /// request) would otherwise get a 404 for an address the API has. Escaped dots (`%2e`) are
    /// dots, as RFC 3986 makes an escaped unreserved character the character.
    static func removingDotSegments(_ segments: [String]) -> [String] {
        var output: [String] = []
        for (index, segment) in segments.enumerated().dropFirst() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return [""] + output
    }

    /// `segment` decoded; `path` (the address, or the whole target) is named in a refusal.
    private static func decoded(segment: Substring, in path: Substring) throws -> String {
        var bytes: [UInt8] = []
        var rest = segment.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = rest.prefix(2)
            guard digits.count == 2, let high = hexValue(digits.first), let low = hexValue(digits.last) else {
                let escape = "%" + String(decoding: digits, as: UTF8.self)
                throw APIProblem(status: .badRequest,
                                 message: "The address \(TerminalText.quoted(String(path))) has a malformed escape "
                                     + "\(TerminalText.quoted(escape)): a % in an address is followed by two hexadecimal "
                                     + "digits, such as %41 for A (write a % itself as %25).")
            }
            rest = rest.dropFirst(2)
            bytes.append(high << 4 | low)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw APIProblem(status: .badRequest,
                             message: "The address \(TerminalText.quoted(String(path))) has escapes that are not UTF-8 text: "
                                 + "encode the text as UTF-8 before escaping it.")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8?) -> UInt8? {
        switch byte {
        case let byte? where (0x30...0x39).contains(byte): byte - 0x30
        case let byte? where (0x41...0x46).contains(byte): byte - 0x41 + 10
        case let byte? where (0x61...0x66).contains(byte): byte - 0x61 + 10
        default: nil
        }
    }
}
