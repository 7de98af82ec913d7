import Foundation

/// Comma-separated values as RFC 4180 defines them.
///
/// Writing: a field containing a comma, a double quote, CR or LF (or starting or ending
/// with a space, which spreadsheets trim) is enclosed in double quotes, with its
/// quotes doubled; records end with CRLF. Reading: the same, also accepting LF or CR
/// line ends and a UTF-8 byte-order mark; a record may span lines inside quotes.
public enum RFC4180 {
    public struct Record: Equatable, Sendable {
        public var fields: [String]
        /// The line the record starts on (1-based).
        public var line: Int
    }

    public struct SyntaxError: Error, Equatable {
        public var line: Int
        public var reason: String
    }

    // MARK: Writing

    public static func escape(_ field: String) -> String {
        let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || field.first == " " || field.last == " "
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func record(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\r\n"
    }

    // MARK: Reading

    /// The records of `text`; blank lines are skipped.
    public static func parse(_ text: String) throws(SyntaxError) -> [Record] {
        // Work on Unicode scalars: in Swift's Characters "\r\n" is one, which would hide
        // line ends from a byte-wise reading.
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var index = 0
        var fieldStarted = false
        // Whether the current record has any content (for skipping blank lines).
        var recordHasContent = false

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            fieldStarted = false
        }
        func endRecord() {
            endField()
            if recordHasContent || fields.count > 1 { records.append(Record(fields: fields, line: recordLine)) }
            fields = []
            recordHasContent = false
        }

        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" && !fieldStarted {
                // A quoted field: runs to the next lone quote.
                let openingLine = line
                recordHasContent = true
                index += 1
                var closed = false
                while index < scalars.count {
                    let inner = scalars[index]
                    if inner == "\"" {
                        if index + 1 < scalars.count && scalars[index + 1] == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    if inner == "\n" || (inner == "\r" && !(index + 1 < scalars.count && scalars[index + 1] == "\n")) {
                        line += 1
                    }
                    field.append(inner)
                    index += 1
                }
                guard closed else {
                    throw SyntaxError(line: openingLine, reason: "a quoted field starting here has no closing quote")
                }
                fieldStarted = true
                // After the closing quote: a delimiter, a line end or the end.
                if index < scalars.count, !(scalars[index] == "," || scalars[index] == "\n" || scalars[index] == "\r") {
                    throw SyntaxError(line: line, reason: "text follows a closing quote; a quote inside a field is written as two quotes (\"\")")
                }
                continue
            }
            switch scalar {
            case ",":
                recordHasContent = true
                endField()
                index += 1
            case "\r", "\n":
                endRecord()
                if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                index += 1
                line += 1
                recordLine = line
            case "\"":
                throw SyntaxError(line: line, reason: "a quote inside a field that does not start with one; quote the whole field and double the quote (\"\")")
            default:
                field.append(scalar)
                fieldStarted = true
                recordHasContent = true
                index += 1
            }
        }
        if fieldStarted || !fields.isEmpty || recordHasContent { endRecord() }
        return records
    }
}
