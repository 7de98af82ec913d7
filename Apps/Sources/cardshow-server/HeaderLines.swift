import Foundation

/// What is wrong with a request's header lines, from its head's bytes, for a request the
/// HTTP parser refused: the parser reports each of these as an error of its own making, and
/// the answer was "The request could not be read as HTTP/1.1", where the same fault in the
/// request line (a carriage return or a line feed alone) is named.
///
/// Only faults the parser always refuses are named, so a request it took is never said to
/// have had one.
enum HeaderLines {
    /// The first fault of the header lines in `head` (the request's bytes from its first
    /// line on, perhaps cut short) that ends the request, in words; nil when none is seen.
    static func problem(in head: [UInt8]) -> String? {
        let lines = split(head)
        var headers: [(name: String, value: String)] = []
        // The request line is `RequestLine`'s to judge; the head ends at its first empty line.
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            if line.bytes.isEmpty && line.end == .lineFeedAlone {
                return "Line \(number) of the request, the empty line that ends its headers, ends with a line feed alone: \(lineEnds)"
            }
            if line.bytes.isEmpty && line.end != .carriageReturnAlone { break }
            switch line.end {
            case .carriageReturnAlone:
                return "Line \(number) of the request (a header) ends with a carriage return alone: \(lineEnds)"
            case .lineFeedAlone:
                return "Line \(number) of the request (a header) ends with a line feed alone: \(lineEnds)"
            case .both, .cutShort:
                break
            }
            if let problem = problem(ofHeader: line.bytes, number: number, whole: line.end == .both) { return problem }
            if line.end == .both, let colon = line.bytes.firstIndex(of: UInt8(ascii: ":")) {
                headers.append((String(decoding: line.bytes[..<colon], as: UTF8.self),
                                String(decoding: line.bytes[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: [" ", "\t"])))
            }
        }
        return BodyLengthHeaders.problem(in: headers)
    }

    /// What every line of a request ends with, a sentence's end.
    static let lineEnds = "each line of an HTTP/1.1 request ends with a carriage return and a line feed (\\r\\n), "
        + "as HTTP clients send them."

    /// The fault of one header line (without its line end), or nil. A line not `whole` (the
    /// last the head holds, its end not come, or past what was kept) may lack its colon yet.
    private static func problem(ofHeader line: [UInt8], number: Int, whole: Bool) -> String? {
        let quoted = "\"" + shown(line) + "\""
        if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
            return "Line \(number) of the request, \(quoted), begins with a space or a tab, which once continued the header "
                + "above it (a folded line); HTTP/1.1 no longer allows that: send each header on one line."
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            guard whole else { return nil }
            return "Line \(number) of the request, \(quoted), is not a header: a header is a name, a colon and a value, "
                + "as in Accept: application/json."
        }
        let name = line[..<colon]
        guard !name.isEmpty else {
            return "Line \(number) of the request, \(quoted), is a header without a name before its colon: a header is a name, "
                + "a colon and a value, as in Accept: application/json."
        }
        if name.last == UInt8(ascii: " ") || name.last == UInt8(ascii: "\t") {
            return "The header \"\(shown(Array(name)))\" (line \(number) of the request) has a space before its colon, "
                + "which HTTP/1.1 does not allow: write the name and its colon together, as in Accept: application/json."
        }
        if let byte = line[(colon + 1)...].first(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) {
            return "The header \"\(shown(Array(name)))\" (line \(number) of the request) holds a control character "
                + "(\(shown([byte]))) in its value, which a header's value cannot hold: leave it out, or send the value encoded "
                + "(percent-escaped or in Base64)."
        }
        if let byte = name.first(where: { !isNameByte($0) }) {
            return "The header name \"\(shown(Array(name)))\" (line \(number) of the request) holds \(described(byte)), "
                + "which a header's name cannot hold: a name is letters, digits and marks such as - and _, as in X-Request-ID."
        }
        return nil
    }

    /// Whether `byte` may be part of a header's name (RFC 9110's `tchar`).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func described(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: " "): "a space"
        case UInt8(ascii: "\t"): "a tab"
        default: "\"" + shown([byte]) + "\""
        }
    }

    /// How a line ended.
    enum End { case both, lineFeedAlone, carriageReturnAlone, cutShort }

    /// The lines of `head`, each without its end, with how it ended. A carriage return
    /// followed by anything but a line feed ends a line by itself.
    static func split(_ head: [UInt8]) -> [(bytes: [UInt8], end: End)] {
        var lines: [(bytes: [UInt8], end: End)] = []
        var current: [UInt8] = []
        var index = 0
        while index < head.count {
            let byte = head[index]
            if byte == UInt8(ascii: "\n") {
                lines.append((current, .lineFeedAlone))
                current = []
            } else if byte == UInt8(ascii: "\r") {
                guard index + 1 < head.count else { break }
                let both = head[index + 1] == UInt8(ascii: "\n")
                lines.append((current, both ? .both : .carriageReturnAlone))
                current = []
                if both { index += 1 }
            } else {
                current.append(byte)
            }
            index += 1
        }
        lines.append((current, .cutShort))
        return lines
    }

    /// `bytes` as a message shows them: printable ASCII as it is, anything else as `\xE9`,
    /// at most 100 characters.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes.prefix(100) {
            if (0x20..<0x7F).contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return bytes.count > 100 ? text + "…" : text
    }
}

private extension String {
    /// Two hexadecimal digits.
    var leftPadded: String { count < 2 ? "0" + self : self }
}
