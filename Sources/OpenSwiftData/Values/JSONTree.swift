/// A JSON document read into plain values, for the few documents the engine reads
/// itself (a store's recorded schema) where `JSONDecoder`'s first use in a process
/// (its conformance lookups, about 3 M instructions) would cost more than the reading.
///
/// Numbers are kept as their text: the documents read this way hold none that the
/// engine computes with, and the text loses nothing.
package enum JSONTree: Equatable {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// Reads `text`, which must hold exactly one JSON value (and white space around it).
    package init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.position == bytes.count else { throw parser.error("more text after the document's end") }
            return value
        }
    }

    /// Where a document stops being JSON, in words.
    package struct SyntaxError: Error, CustomStringConvertible {
        /// The offset in UTF-8 bytes from the start of the text.
        package let offset: Int
        package let problem: String

        package var description: String { "\(problem) at byte \(offset)" }
    }

    /// Deeper documents are refused rather than read by recursion that could exhaust the stack.
    static let maximumDepth = 512

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        func error(_ problem: String) -> SyntaxError { SyntaxError(offset: position, problem: problem) }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONTree {
            guard depth < JSONTree.maximumDepth else { throw error("arrays and objects nested more than \(JSONTree.maximumDepth) deep") }
            skipSpace()
            guard position < bytes.count else { throw error("the text ends where a value was expected") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("a value was expected")
            }
        }

        private mutating func object(depth: Int) throws(SyntaxError) -> JSONTree {
            position += 1
            var members: [String: JSONTree] = [:]
            skipSpace()
            if take(UInt8(ascii: "}")) { return .object(members) }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("a member's name in quotes was expected") }
                let name = try string()
                skipSpace()
                guard take(UInt8(ascii: ":")) else { throw error("a colon after the member's name was expected") }
                members[name] = try value(depth: depth + 1)
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { throw error("a comma or the object's end was expected") }
                return .object(members)
            }
        }

        private mutating func array(depth: Int) throws(SyntaxError) -> JSONTree {
            position += 1
            var elements: [JSONTree] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return .array(elements) }
            while true {
                elements.append(try value(depth: depth + 1))
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "]")) else { throw error("a comma or the array's end was expected") }
                return .array(elements)
            }
        }

        private mutating func string() throws(SyntaxError) -> String {
            position += 1
            var utf8: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let string = String(validating: utf8, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                    return string
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"): utf8 += Array(String(Character(try unicodeEscape())).utf8)
                    default: throw error("an unknown escape in a string")
                    }
                case 0..<0x20:
                    throw error("a control character inside a string")
                default:
                    utf8.append(byte)
                }
            }
            throw error("the text ends inside a string")
        }

        /// The scalar of `\uXXXX`, or of a surrogate pair `\uD83D\uDE00`.
        private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw error("half a surrogate pair in a string") }
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw error("half a surrogate pair in a string")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else { throw error("half a surrogate pair in a string") }
            return scalar
        }

        private mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("the text ends inside a \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("a \\u escape without four hexadecimal digits")
                }
                position += 1
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// A number as JSON spells it: `-`? integer part, then `.digits`? and `e±digits`?.
        private mutating func number() throws(SyntaxError) -> String {
            let start = position
            _ = take(UInt8(ascii: "-"))
            if !take(UInt8(ascii: "0")) {
                guard digits() > 0 else { throw error("a number without digits") }
            }
            if take(UInt8(ascii: ".")) {
                guard digits() > 0 else { throw error("a number without digits after its decimal point") }
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() > 0 else { throw error("a number without digits in its exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        private mutating func digits() -> Int {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - start
        }

        private mutating func literal(_ word: String) throws(SyntaxError) {
            let length = word.utf8.count
            guard position + length <= bytes.count, bytes[position..<position + length].elementsEqual(word.utf8) else {
                throw error("a value was expected")
            }
            position += length
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func skipSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }
    }
}
