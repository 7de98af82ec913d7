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
            var cursor = JSONCursor(bytes: bytes)
            return try? cursor.stringArray()
        }
    }
}

private extension JSONCursor {
    /// An array of strings and nothing after it.
    mutating func stringArray() throws(JSONTree.SyntaxError) -> [String] {
        skipSpace()
        guard take(UInt8(ascii: "[")) else { throw error("an array was expected") }
        var strings: [String] = []
        skipSpace()
        if !take(UInt8(ascii: "]")) {
            while true {
                skipSpace()
                strings.append(try string())
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "]")) else { throw error("a comma or the array's end was expected") }
                break
            }
        }
        skipSpace()
        guard isAtEnd else { throw error("more text after the array's end") }
        return strings
    }
}
