/// A place in a JSON text's UTF-8 bytes, and the reading of the parts every JSON
/// reader of the engine needs the same way: white space, single bytes and strings
/// with their escapes. `JSONTree` reads whole documents with it, `StringArrayJSON`
/// the arrays of strings that attributes store, and sync's reader the strings it cannot
/// take as they stand.
package struct JSONCursor {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var position = 0

    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    /// The byte at the cursor, nil at the end.
    var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    func error(_ problem: String) -> JSONTree.SyntaxError { JSONTree.SyntaxError(offset: position, problem: problem) }

    /// Moves past `byte` when it is the next one.
    mutating func take(_ byte: UInt8) -> Bool {
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

    /// A string in quotes, its escapes resolved.
    package mutating func string() throws(JSONTree.SyntaxError) -> String {
        guard take(UInt8(ascii: "\"")) else { throw error("a string in quotes was expected") }
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
    private mutating func unicodeEscape() throws(JSONTree.SyntaxError) -> Unicode.Scalar {
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

    private mutating func hex4() throws(JSONTree.SyntaxError) -> UInt32 {
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
}
