import Foundation

/// What the first part of a longer file already says about it, so that a file that is not
/// the one expected (a log, another program's file) is refused without being read whole:
/// each answer holds for the whole file, whatever follows the part.
public enum TextStart {
    /// How near its end a problem in the part may have been made by the cut: the longest
    /// token judged before it ends (a surrogate pair of escapes, `\uD83D\uDE00`) is 12 bytes.
    static let cutMargin = 16

    /// Whether `start`, the first part of a longer JSON text, holds a problem before its
    /// last bytes: a reader of the whole text stops at the same place for the same reason.
    public static func jsonHasProblem(_ start: Data) -> Bool {
        var scanner = JSONScanner(Array(start))
        do {
            try scanner.scan()
            return false
        } catch {
            return scanner.index + cutMargin < start.count
        }
    }

    /// Whether `start`, without a byte order mark and white space, begins as JSON does:
    /// the imports that refuse JSON name the app whose file it is, which takes the whole file.
    public static func looksLikeJSON(_ start: Data) -> Bool {
        let bytes = start.starts(with: [0xEF, 0xBB, 0xBF]) ? start.dropFirst(3) : start[...]
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The keys of the top-level object that `start`, the first part of a longer JSON text,
    /// holds whole before it ends or breaks: the apps write their keys in order, so the first
    /// of them already tell whose file a large one may be.
    public static func jsonTopLevelKeys(_ start: Data) -> Set<String> {
        var scanner = JSONScanner(Array(start))
        try? scanner.scan()
        return Set(scanner.topLevelKeys)
    }

    /// The part up to its first line break (without it), when it has one: a header line read
    /// whole.
    public static func firstLine(_ start: Data) -> Data? {
        guard let end = start.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        return start[start.startIndex..<end]
    }

    /// The part's first line when it is a whole CSV record: its quotes paired, so that its line
    /// break ends the record, not a quoted field (as in `"Date","Amount"`, which programs that
    /// export CSV often write).
    public static func firstCSVRecord(_ start: Data) -> Data? {
        guard let line = firstLine(start), line.filter({ $0 == UInt8(ascii: "\"") }).count.isMultiple(of: 2) else { return nil }
        return line
    }

    /// The part up to and with its last line break, when it has one: complete lines only.
    public static func completeLines(_ start: Data) -> Data? {
        guard let end = start.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        return start[start.startIndex...end]
    }
}
