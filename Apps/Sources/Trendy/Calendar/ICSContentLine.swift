import Foundation

/// One content line of an iCalendar file (RFC 5545, 3.1): `NAME;PARAM=value:VALUE`,
/// after unfolding, with the line of the file it began on.
struct ICSContentLine: Equatable {
    var name: String
    var parameters: [String: String]
    var value: String
    var line: Int

    /// Splits a file into unfolded content lines. A line that begins with a space or a
    /// tab continues the one before (RFC 5545, 3.1); CRLF and LF endings are both read,
    /// as files saved by hand often have LF. Blank lines are ignored.
    static func lines(of text: String) throws -> [ICSContentLine] {
        var logical: [(text: String, line: Int)] = []
        var number = 0
        // "\r\n" is one Character in Swift, so lines are split on it as well as on "\n".
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            number += 1
            var physical = Substring(raw)
            if physical.hasSuffix("\r") { physical = physical.dropLast() }
            if let first = physical.first, first == " " || first == "\t" {
                guard !logical.isEmpty else { throw ICSError(line: number, "the file begins with a continuation line (a line starting with a space)") }
                logical[logical.count - 1].text += physical.dropFirst()
            } else if !physical.isEmpty {
                logical.append((String(physical), number))
            }
        }
        return try logical.map { try parse($0.text, line: $0.line) }
    }

    /// Parses `NAME;P1=v1;P2="quoted; value":VALUE`. Colons and semicolons inside
    /// quotes belong to the parameter value.
    static func parse(_ text: String, line: Int) throws -> ICSContentLine {
        var name = ""
        var parameters: [String: String] = [:]
        var index = text.startIndex
        func readToken(stoppingAt stops: Set<Character>) -> String {
            var token = ""
            var quoted = false
            while index < text.endIndex {
                let character = text[index]
                if character == "\"" { quoted.toggle() } else if !quoted, stops.contains(character) { break } else { token.append(character) }
                index = text.index(after: index)
            }
            return token
        }
        name = readToken(stoppingAt: [";", ":"]).uppercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw ICSError(line: line, "\"\(text.prefix(40))\" is not a calendar property (expected NAME:value)")
        }
        while index < text.endIndex, text[index] == ";" {
            index = text.index(after: index)
            let parameter = readToken(stoppingAt: [";", ":"])
            guard let equals = parameter.firstIndex(of: "=") else {
                throw ICSError(line: line, "the parameter \"\(parameter)\" of \(name) has no value (expected NAME=value)")
            }
            parameters[parameter[..<equals].uppercased()] = String(parameter[parameter.index(after: equals)...])
        }
        guard index < text.endIndex, text[index] == ":" else {
            throw ICSError(line: line, "the property \(name) has no value: a colon is missing")
        }
        return ICSContentLine(name: name, parameters: parameters, value: String(text[text.index(after: index)...]), line: line)
    }

    /// The value as text, with RFC 5545's escapes (3.3.11) undone: `\\`, `\;`, `\,`, `\n`.
    var text: String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "n", "N": result.append("\n")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
