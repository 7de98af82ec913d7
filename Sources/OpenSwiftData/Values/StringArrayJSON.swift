/// `[String]` attributes as JSON, without `JSONEncoder` and `JSONDecoder`.
///
/// Arrays of strings (tags, aliases, keywords) are the most common JSON-stored
/// attribute, and Foundation's coders cost microseconds per value: a lock, boxes
/// and dynamic casts. This writes exactly the text `JSONValue`'s encoder writes
/// (a test compares them), so equal arrays stay equal text in SQL; it reads the
/// arrays it and other writers produce, and returns nil for anything else, which
/// then goes to `JSONDecoder` and gets its error.
enum StringArrayJSON {
    static func encode(_ strings: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0..<0x20:
                    bytes += Array("\\u00".utf8)
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func decode(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.array()
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func array() -> [String]? {
            skipSpace()
            guard take(UInt8(ascii: "[")) else { return nil }
            var strings: [String] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return atEnd() ? strings : nil }
            while true {
                skipSpace()
                guard let string = string() else { return nil }
                strings.append(string)
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "]")) else { return nil }
                return atEnd() ? strings : nil
            }
        }

        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var utf8: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        utf8 += Array(String(Character(scalar)).utf8)
                    default: return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    utf8.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX`, or of a surrogate pair `\uD83D\uDE00`.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let unit = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(unit) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(unit)
        }

        private mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                position += 1
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        private mutating func atEnd() -> Bool {
            skipSpace()
            return position == bytes.count
        }
    }
}
