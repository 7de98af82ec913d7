import Foundation

/// What a file given to one of the apps' imports is, when it is plainly another kind of
/// file: a database, one of the apps' JSON files (`AppFile`), other JSON, a calendar, or
/// one of the apps' CSV files. Read as the file expected, such a file is refused for its
/// first odd line or character, which does not tell the user that they gave the wrong file.
public enum ForeignFile {
    /// What `data` is instead of `expected` ("a Get Diced deck list"), with what takes it
    /// where one of the apps does ("it is a Trendy export (a JSON file), not …: import it
    /// with `trendy import FILE`"); nil when it may be the expected file.
    public static func mismatch(_ data: Data, expected: String, except excluded: CSVFile? = nil) -> String? {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) {
            return "it is an SQLite database (a store, perhaps), not \(expected)"
        }
        if let found = AppFile.identify(Data(bytes)) {
            return "it is \(found.description) (a JSON file), not \(expected): \(found.use)"
        }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return looksLikeJSON(first, expected: expected) }
        let start = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        let firstLine = start.split(whereSeparator: \.isNewline).first.map(String.init) ?? start
        if firstLine.trimmingCharacters(in: .whitespaces).uppercased() == "BEGIN:VCALENDAR" {
            return "it is a calendar file (iCalendar), not \(expected): import it into Trendy with `trendy import-ics FILE`"
        }
        if let other = CSVFile.allCases.first(where: { $0 != excluded && $0.hasHeader(firstLine) }) {
            return "it is \(other.description), not \(expected): \(other.use)"
        }
        return nil
    }

    /// What `start`, the first part of a larger file that begins as JSON does, already shows
    /// it is instead of `expected` (a CSV file, a calendar, a deck list), so that a JSON file of
    /// gigabytes is refused without being read whole; nil when it does not begin as JSON.
    /// The apps' files are told apart by the top-level keys the part holds: when they fit one
    /// file it is named, as the whole file would name it, and when several (`"cards"` begins
    /// three), each of them with the command that reads it. `form`, what the expected file
    /// looks like, follows the words for JSON of no app's.
    public static func jsonStartMismatch(_ start: Data, expected: String, form: String? = nil) -> String? {
        guard TextStart.looksLikeJSON(start),
              let first = start.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else { return nil }
        let seen = TextStart.jsonHasProblem(start) ? [] : TextStart.jsonTopLevelKeys(start)
        let files = AppFile.beginning(with: seen)
        if files.count == 1, let found = files.first {
            return "it is \(found.description) (a JSON file), not \(expected): \(found.use)"
        }
        guard !files.isEmpty else { return looksLikeJSON(first, expected: expected) + (form.map { ": " + $0 } ?? "") }
        let names = files.map(\.description)
        return "it is a JSON file, not \(expected): it begins as \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "") does, "
            + "and each is read by its own command (\(files.map(\.command).joined(separator: ", ")))"
    }

    private static func looksLikeJSON(_ first: UInt8, expected: String) -> String {
        "it looks like a JSON file (it begins with \"\(Character(Unicode.Scalar(first)))\"), not \(expected)"
    }
}
