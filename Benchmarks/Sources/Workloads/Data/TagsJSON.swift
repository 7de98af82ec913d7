/// `[String]` attributes stored as JSON text (`["a","b"]`), with a minimal codec. The
/// raw and GRDB implementations share it; JSONEncoder/JSONDecoder per row would cost
/// far more than the SQLite work being compared.
public enum TagsJSON {
    public static func encode(_ strings: [String]) -> String {
        var json = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\n": json += "\\n"
                case "\r": json += "\\r"
                case "\t": json += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: json.unicodeScalars.append(scalar)
                }
            }
            json += "\""
        }
        return json + "]"
    }

    /// Decodes what `encode` produces (a flat array of strings); nil if malformed.
    public static func decode(_ json: String) -> [String]? {
        var result: [String] = []
        var scalars = json.unicodeScalars.makeIterator()
        guard scalars.next() == "[" else { return nil }
        var current = ""
        var inString = false
        while let scalar = scalars.next() {
            if inString {
                switch scalar {
                case "\"":
                    result.append(current)
                    current = ""
                    inString = false
                case "\\":
                    guard let escaped = scalars.next() else { return nil }
                    switch escaped {
                    case "n": current += "\n"
                    case "r": current += "\r"
                    case "t": current += "\t"
                    case "b": current += "\u{8}"
                    case "f": current += "\u{C}"
                    case "u":
                        var hex = ""
                        for _ in 0..<4 { guard let h = scalars.next() else { return nil }; hex.unicodeScalars.append(h) }
                        guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                        current.unicodeScalars.append(decoded)
                    default: current.unicodeScalars.append(escaped)
                    }
                default:
                    current.unicodeScalars.append(scalar)
                }
            } else {
                switch scalar {
                case "\"": inString = true
                case ",", " ": continue
                case "]": return result
                default: return nil
                }
            }
        }
        return nil
    }
}
