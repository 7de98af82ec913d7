import Foundation

/// One content line of an iCalendar file (RFC 5545, 3.1): `NAME;PARAM=value:VALUE`,
/// after unfolding, with the line of the file it began on.
struct ICSContentLine: Equatable {
    var name: String
    var parameters: [String: String]
    var value: String
    var line: Int

    /// Splits a file into unfolded content lines. A line that begins with a space or a
    /// tab continues the one before (RFC 5545, 3.1); CRLF, LF and CR endings are all read,
    /// as files saved by hand often have LF. Blank lines are ignored. Lines are unfolded
    /// on the file's bytes and only then read as UTF-8: RFC 5545 folds at 75 octets, and a
    /// program that folds there may cut a character of several bytes in two.
    /// The longest content line read, in bytes, once unfolded: a description of a book's
    /// length. A file with no line breaks (not a calendar) would otherwise be read as one
    /// property of its whole size, at half a second a megabyte.
    static let longestLine = 1 << 20

    static func lines(of bytes: [UInt8]) throws -> [ICSContentLine] {
        var logical: [(bytes: [UInt8], line: Int)] = []
        var number = 0
        for physical in physicalLines(of: bytes) {
            number += 1
            if let first = physical.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                guard !logical.isEmpty else { throw ICSError(line: number, "the file begins with a continuation line (a line starting with a space)") }
                logical[logical.count - 1].bytes += physical.dropFirst()
            } else if !physical.isEmpty {
                logical.append((Array(physical), number))
            }
            if let last = logical.last, last.bytes.count > longestLine {
                throw ICSError(line: last.line, "the line is over 1 MB long (its continuation lines joined), longer than any "
                               + "calendar's: check that the file is an .ics calendar")
            }
        }
        return try logical.map { line in
            guard let text = String(validating: line.bytes, as: UTF8.self) else {
                throw ICSError(line: line.line, "the line is not UTF-8 text: save the calendar as UTF-8 (every calendar program "
                               + "can) and import it again")
            }
            return try parse(text, line: line.line)
        }
    }

    /// The file's lines without their ends: CRLF, LF, or CR alone (a calendar saved with the
    /// old Mac's line ends was one line, refused as beginning with "BEGIN:VCALENDAR\u{D}VERSION…"),
    /// counted as a text editor counts them.
    static func physicalLines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                lines.append(bytes[start..<index])
                index += 1
                start = index
            case UInt8(ascii: "\r"):
                lines.append(bytes[start..<index])
                index += index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                start = index
            default:
                index += 1
            }
        }
        lines.append(bytes[start...])
        return lines
    }

    /// Parses `NAME;P1=v1;P2="quoted; value":VALUE`. Colons and semicolons inside
    /// quotes belong to the parameter value.
    ///
    /// Read by Unicode scalars, not characters: a value that begins with a combining mark
    /// (a variation selector, an accent) makes one character with the colon before it, and
    /// read by characters the colon was not found.
    static func parse(_ source: String, line: Int) throws -> ICSContentLine {
        let text = source.unicodeScalars
        var name = ""
        var parameters: [String: String] = [:]
        var index = text.startIndex
        func readToken(stoppingAt stops: Set<Unicode.Scalar>) -> String {
            var token = String.UnicodeScalarView()
            var quoted = false
            while index < text.endIndex {
                let scalar = text[index]
                if scalar == "\"" { quoted.toggle() } else if !quoted, stops.contains(scalar) { break } else { token.append(scalar) }
                index = text.index(after: index)
            }
            return String(token)
        }
        name = readToken(stoppingAt: [";", ":"]).uppercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw ICSError(line: line, "\"\(String(String.UnicodeScalarView(text.prefix(40))))\" is not a calendar property (expected NAME:value)")
        }
        while index < text.endIndex, text[index] == ";" {
            index = text.index(after: index)
            let parameter = readToken(stoppingAt: [";", ":"])
            let scalars = parameter.unicodeScalars
            guard let equals = scalars.firstIndex(of: "=") else {
                throw ICSError(line: line, "the parameter \"\(parameter.prefix(40))\" of \(name.prefix(40)) has no value (expected NAME=value)")
            }
            parameters[String(scalars[..<equals]).uppercased()] = String(scalars[scalars.index(after: equals)...])
        }
        guard index < text.endIndex, text[index] == ":" else {
            throw ICSError(line: line, "the property \(name.prefix(40)) has no value: a colon is missing")
        }
        return ICSContentLine(name: name, parameters: parameters, value: String(text[text.index(after: index)...]), line: line)
    }

    /// The value as text, with RFC 5545's escapes (3.3.11) undone: `\\`, `\;`, `\,`, `\n`.
    var text: String {
        var result = String.UnicodeScalarView()
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                switch scalar {
                case "n", "N": result.append("\n")
                default: result.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
