import Foundation

/// An input as a test failure shows it: printable ASCII as it is, line breaks, tabs and
/// backslashes as `\n`, `\r`, `\t`, `\\`, other valid UTF-8 as `\u{…}` and any other byte
/// as `\xNN`, so that a failure can be pasted into a regression file or a Swift string.
/// Longer inputs are cut at `limit` characters, saying how much was left out.
enum EscapedInput {
    static func text(_ data: Data, limit: Int = 4_000) -> String {
        var result = ""
        let bytes = Array(data)
        var index = 0
        while index < bytes.count, result.count < limit {
            let (character, length) = scalar(at: index, in: bytes)
            if let character {
                switch character {
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case "\\": result += "\\\\"
                case " "..."~": result.unicodeScalars.append(character)
                default: result += "\\u{\(String(character.value, radix: 16))}"
                }
            } else {
                result += "\\x" + String(format: "%02X", bytes[index])
            }
            index += length
        }
        if index < bytes.count { result += "… (\(bytes.count - index) more bytes)" }
        return result
    }

    /// The Unicode scalar whose UTF-8 starts at `index`, and its length; nil and 1 when
    /// the bytes there are not valid UTF-8.
    private static func scalar(at index: Int, in bytes: [UInt8]) -> (Unicode.Scalar?, Int) {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0, index + length <= bytes.count else { return (nil, 1) }
        var decoder = UTF8()
        var iterator = bytes[index..<(index + length)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.utf8.count == length {
            return (scalar, length)
        }
        return (nil, 1)
    }
}
