import Foundation

/// Finds where things are in an export's JSON text, because `JSONDecoder` reports a
/// coding path, not a line, and a dealer fixing a file needs the line.
///
/// It is a small strict JSON scanner (RFC 8259): it reports the first syntax error
/// with its line, and records the line of each element of the top-level `cards`
/// array and of each key inside those elements.
struct JSONLocator {
    struct SyntaxError: Error {
        var line: Int
        var reason: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private(set) var cardLines: [Int] = []
    private(set) var fieldLines: [[String: Int]] = []
    /// Each card's numbers and plain strings (without escapes) as the file writes them,
    /// by key: `-5` rather than the `-5.0` the decoded number prints as, a date as written
    /// rather than as it is written back, for a refusal to show what the file says.
    private(set) var fieldTexts: [[String: String]] = []

    private enum Context { case root, cards, card(Int), other }

    /// How deeply objects and arrays may nest. An export nests four deep; the bound
    /// keeps a hostile file (200 KB of `[`) from overflowing the stack of this
    /// recursive scanner, or of the decoders that read the file after it.
    static let maximumDepth = 64
    private var depth = 0

    init(_ data: Data) {
        bytes = Array(data)
    }

    /// Scans the whole text; throws the first syntax error.
    mutating func scan() throws(SyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw SyntaxError(line: line, reason: "the file is empty") }
        try value(.root)
        skipWhitespace()
        if index < bytes.count { throw unexpected("after the end of the document") }
    }

    /// The lines more than one card starts on: line 1 of a file written on one line. A card
    /// there is named by its place too, which its line does not tell.
    var linesOfSeveralCards: Set<Int> {
        var seen = Set<Int>(), shared = Set<Int>()
        for line in cardLines where !seen.insert(line).inserted { shared.insert(line) }
        return shared
    }

    func line(ofCard card: Int, field: String?) -> Int? {
        guard card >= 0, card < cardLines.count else { return nil }
        if let field, let line = fieldLines[card][field] { return line }
        return cardLines[card]
    }

    /// A card's number or plain string as the file writes it (see `fieldTexts`).
    func text(ofCard card: Int, field: String) -> String? {
        guard card >= 0, card < fieldTexts.count else { return nil }
        return fieldTexts[card][field]
    }

    // MARK: Scanning

    private mutating func value(_ context: Context) throws(SyntaxError) {
        skipWhitespace()
        guard index < bytes.count else { throw SyntaxError(line: line, reason: "the file ends in the middle of a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                throw SyntaxError(line: line, reason: "objects and arrays nest more than \(Self.maximumDepth) deep, which no export does")
            }
            depth += 1
            defer { depth -= 1 }
            if bytes[index] == UInt8(ascii: "{") { try object(context) } else { try array(context) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw unexpected("where a value should be")
        }
    }

    private mutating func object(_ context: Context) throws(SyntaxError) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw unexpected("where a key in quotes should be") }
            let keyLine = line
            let key = try string()
            if case .card(let card) = context { fieldLines[card][key] = keyLine }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw unexpected("where a ':' should follow the key \"\(key)\"") }
            index += 1
            if case .root = context, key == "cards" {
                try value(.cards)
            } else if case .card(let card) = context {
                skipWhitespace()
                let start = index
                try value(.other)
                if let written = Self.writtenScalar(bytes[start..<index]) { fieldTexts[card][key] = written }
            } else {
                try value(.other)
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; return }
            throw unexpected("where a ',' or '}' should be")
        }
    }

    private mutating func array(_ context: Context) throws(SyntaxError) {
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return }
        while true {
            skipWhitespace()
            if case .cards = context {
                cardLines.append(line)
                fieldLines.append([:])
                fieldTexts.append([:])
                try value(.card(cardLines.count - 1))
            } else {
                try value(.other)
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; return }
            throw unexpected("where a ',' or ']' should be")
        }
    }

    private mutating func string() throws(SyntaxError) -> String {
        let startLine = line
        index += 1
        var scalars: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { break }
                let escaped = bytes[index + 1]
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    scalars.append(UInt8(ascii: " "))
                case UInt8(ascii: "u"):
                    guard index + 5 < bytes.count,
                          bytes[(index + 2)...(index + 5)].allSatisfy({ Self.isHexDigit($0) }) else {
                        throw SyntaxError(line: line, reason: "a \\u escape needs four hex digits")
                    }
                    index += 4
                    scalars.append(UInt8(ascii: "?"))
                default:
                    throw SyntaxError(line: line, reason: "\\\(Character(Unicode.Scalar(escaped))) is not a JSON escape")
                }
                index += 2
            case 0x00..<0x20:
                throw SyntaxError(line: line, reason: byte == 0x0A || byte == 0x0D
                    ? "a string starting on line \(startLine) has a line break in it (write it as \\n) or lacks its closing quote"
                    : "a string has a control character in it (escape it)")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw SyntaxError(line: startLine, reason: "a string starting here has no closing quote")
    }

    private mutating func number() throws(SyntaxError) {
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw unexpected("in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) {
                throw SyntaxError(line: line, reason: "a number has a leading zero")
            }
        } else {
            _ = digits()
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw unexpected("after a decimal point") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw unexpected("in an exponent") }
        }
    }

    /// A number's text, or a string's without its quotes when it has no escape; nil for
    /// anything else (an object, a list, a literal, a string with escapes).
    private static func writtenScalar(_ token: ArraySlice<UInt8>) -> String? {
        guard let first = token.first else { return nil }
        if first == UInt8(ascii: "-") || isDigit(first) { return String(decoding: token, as: UTF8.self) }
        guard first == UInt8(ascii: "\""), token.count >= 2, !token.contains(UInt8(ascii: "\\")) else { return nil }
        return String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
    }

    private mutating func digits() -> Int {
        var count = 0
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1; count += 1 }
        return count
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw unexpected("where a value should be")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1; index += 1
            // A line ends at CR too, as in a text editor: a file saved with the old Mac's
            // CR-only line ends was one line here, so a refused card was named on "line 1".
            // CRLF is one line end.
            case UInt8(ascii: "\r"):
                line += 1
                index += 1
                if peek(UInt8(ascii: "\n")) { index += 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private func unexpected(_ place: String) -> SyntaxError {
        guard index < bytes.count else { return SyntaxError(line: line, reason: "the file ends too early") }
        let scalar = Unicode.Scalar(bytes[index])
        let shown = bytes[index] < 0x80 ? "'\(Character(scalar))'" : "a non-ASCII character"
        return SyntaxError(line: line, reason: "unexpected \(shown) \(place)")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
