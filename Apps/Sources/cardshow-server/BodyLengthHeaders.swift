/// What is wrong with how a request's headers give its body's length, for a request the
/// HTTP parser refused: Content-Length and Transfer-Encoding together, Content-Length twice
/// or not a number of bytes, `chunked` twice or before another coding. Each was "The request
/// could not be read as HTTP/1.1", which named nothing a client's author could fix.
///
/// Only what the parser always refuses is named (RFC 9112 section 6.3 has a server refuse
/// each, as a request a proxy and a server could read two ways), so a request it took is
/// never said to have had one.
enum BodyLengthHeaders {
    /// The fault of `headers` (each name as sent, its value without the spaces around it),
    /// or nil.
    static func problem(in headers: [(name: String, value: String)]) -> String? {
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        let codings = headers.filter { $0.name.lowercased() == "transfer-encoding" }
            .flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: [" ", "\t"]).lowercased() } }
        if !lengths.isEmpty, !codings.isEmpty {
            return "The request gives its body's length twice, with Content-Length and with Transfer-Encoding, which "
                + "HTTP/1.1 does not allow: send one of them (Content-Length: the body's size in bytes, or "
                + "Transfer-Encoding: chunked)."
        }
        if lengths.count > 1 {
            return "The request has \(lengths.count) Content-Length headers: send one, the body's size in bytes."
        }
        if let length = lengths.first {
            let shown = HeaderLines.shown(Array(length.utf8))
            guard !length.isEmpty, length.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                return "The Content-Length \"\(shown)\" is not a number of bytes: send the body's size as digits alone, "
                    + "as in Content-Length: 42."
            }
            if UInt64(length) == nil {
                return "The Content-Length \(shown) is larger than any body can be: send the body's size in bytes."
            }
        }
        let chunked = codings.filter { $0 == "chunked" }.count
        if chunked > 1 || (chunked == 1 && codings.last != "chunked") {
            return "The Transfer-Encoding \"\(HeaderLines.shown(Array(codings.joined(separator: ", ").utf8)))\" does not end "
                + "with chunked once: chunked is given once, as the last coding (Transfer-Encoding: chunked)."
        }
        return nil
    }
}
