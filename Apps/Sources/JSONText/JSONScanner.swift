import Foundation

/// A strict JSON scanner (RFC 8259) that keeps the line and key path of what it reads,
/// for ``JSONText``.
struct JSONScanner {
    private let bytes: [UInt8]
    private(set) var index = 0
    private var line = 1
    private var depth = 0
    private var path: [JSONTextProblem.Step] = []
    private(set) var startsWithByteOrderMark = false
    /// The keys of the top-level object read so far, in order: what the first part of a file
    /// shows of whose file it is (``TextStart/jsonTopLevelKeys(_:)``).
    private(set) var topLevelKeys: [String] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func scan() throws(JSONTextProblem) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            startsWithByteOrderMark = true
        }
        // Text in UTF-16 (a byte order mark FF FE or FE FF, or a NUL beside the first
        // character), which a body posted as such or a file saved as "Unicode" is: named, not
        // refused for the byte 0xFF or 0x00 met where a value should be.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || (bytes.count >= 2 && (bytes[0] == 0) != (bytes[1] == 0)) {
            throw syntax(JSONText.utf16Reason)
        }
        skipWhitespace()
        guard index < bytes.count else { throw syntax(JSONTextProblem.emptyFileReason) }
        try value()
        skipWhitespace()
        if index < bytes.count { throw unexpected("after the end of the document") }
    }

    private mutating func value() throws(JSONTextProblem) {
        skipWhitespace()
        guard index < bytes.count else { throw syntax("the text ends in the middle of a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < JSONText.maximumDepth else {
                throw syntax("objects and arrays nest more than \(JSONText.maximumDepth) deep")
            }
            depth += 1
            defer { depth -= 1 }
            if bytes[index] == UInt8(ascii: "{") { try object() } else { try array() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw unexpected("where a value should be")
        }
    }

    /// Appends the UTF-8 bytes of the Unicode scalar `value` (never a surrogate: checked by the caller).
    private static func appendUTF8(_ value: Int, to text: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return }
        text += Array(String(Character(scalar)).utf8)
    }

    private mutating func object() throws(JSONTextProblem) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return }
        var keys: Set<String> = []
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw unexpected("where a key in quotes should be") }
            let keyLine = line
            let key = try string()
            guard keys.insert(key).inserted else {
                throw JSONTextProblem(line: keyLine, path: path + [.key(key)],
                                      reason: "the key \"\(key)\" is given twice in one object; give it once", isSyntax: false)
            }
            if depth == 1 { topLevelKeys.append(key) }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw unexpected("where a colon after a key should be") }
            index += 1
            path.append(.key(key))
            try value()
            path.removeLast()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; return }
            throw unexpected("where a comma or a closing brace should be")
        }
    }

    private mutating func array() throws(JSONTextProblem) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return }
        var element = 0
        while true {
            path.append(.index(element))
            try value()
            path.removeLast()
            element += 1
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; return }
            throw unexpected("where a comma or a closing bracket should be")
        }
    }

    private mutating func string() throws(JSONTextProblem) -> String {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw syntax("a string holds bytes that are not UTF-8 text")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    let digits = bytes[min(index + 1, bytes.count)..<min(index + 5, bytes.count)]
                    guard digits.count == 4, digits.allSatisfy({ Self.isHexDigit($0) }) else {
                        throw syntax("a \\u escape needs four hexadecimal digits")
                    }
                    let unit = digits.reduce(0) { $0 << 4 | Int(Self.hexValue($1)) }
                    // Half of a character (a UTF-16 surrogate) must come with its other half.
                    if (0xDC00...0xDFFF).contains(unit) {
                        throw syntax("\\u\(String(decoding: digits, as: UTF8.self)) is the second half of a character without its first")
                    }
                    if (0xD800...0xDBFF).contains(unit) {
                        let next = bytes[min(index + 5, bytes.count)..<min(index + 11, bytes.count)]
                        let low = next.count == 6 && next.starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
                            && next.dropFirst(2).allSatisfy({ Self.isHexDigit($0) })
                            ? next.dropFirst(2).reduce(0) { $0 << 4 | Int(Self.hexValue($1)) } : nil
                        guard let low, (0xDC00...0xDFFF).contains(low) else {
                            throw syntax("\\u\(String(decoding: digits, as: UTF8.self)) is the first half of a character without its second")
                        }
                        index += 6
                        Self.appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &text)
                    } else {
                        // The character itself, so that `"nam\u0065"` is the key `"name"`, and given twice when both are.
                        Self.appendUTF8(unit, to: &text)
                    }
                    index += 4
                default:
                    throw syntax("\\\(String(UnicodeScalar(escaped))) is not an escape JSON has")
                }
                index += 1
            case 0x0A, 0x0D:
                throw syntax("a string runs past the end of its line (a closing quote is missing)")
            case ..<0x20:
                throw syntax("a string holds a control character; write it escaped, as \\n or \\t")
            default:
                text.append(byte)
                index += 1
            }
        }
        throw syntax("the text ends in the middle of a string (a closing quote is missing)")
    }

    private mutating func number() throws(JSONTextProblem) {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw unexpected("where a digit should be") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        var significant = bytes[start..<index].contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw unexpected("where a digit after the point should be") }
            let fraction = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            significant = significant || bytes[fraction..<index].contains { $0 != UInt8(ascii: "0") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw unexpected("where the digits of an exponent should be") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let number = Double(text) ?? .infinity
        if !number.isFinite || (number == 0 && significant) {
            throw JSONTextProblem(line: line, path: path, reason: "\(text) is out of range: \(JSONText.numberRange)", isSyntax: false)
        }
    }

    private mutating func literal(_ word: String) throws(JSONTextProblem) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw unexpected("where a value should be") }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1; index += 1
            // CR ends a line too, as in a text editor (a file saved with CR-only line ends
            // was one line, every problem in it on "line 1"); CRLF is one line end.
            case 0x0D:
                line += 1
                index += 1
                if peek(0x0A) { index += 1 }
            case 0x20, 0x09: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        isDigit(byte) ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private func syntax(_ reason: String) -> JSONTextProblem {
        JSONTextProblem(line: line, path: [], reason: reason, isSyntax: true)
    }

    private func unexpected(_ place: String) -> JSONTextProblem {
        guard index < bytes.count else { return syntax("the text ends \(place)") }
        let byte = bytes[index]
        let shown = (0x21...0x7E).contains(byte) ? "'\(String(UnicodeScalar(byte)))'" : String(format: "the byte 0x%02X", byte)
        return syntax("\(shown) \(place)")
    }
}
