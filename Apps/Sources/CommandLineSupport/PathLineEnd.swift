import Foundation

/// A path option's value that ends with a line end: `--store "$(cat store-path.txt)"` of a
/// file saved with CRLF line ends keeps the carriage return (the shell takes off the line
/// feed only), and the tool made a new, empty store named `s.store\r` beside the user's,
/// added the card to it and listed nothing of theirs, without a word.
public enum PathLineEnd {
    /// Why the first value of `options` (`--store`, `-o`) in `arguments`, before any `--`, ends
    /// with a carriage return or a line feed while no file of that very name exists; nil when none does.
    public static func problem(in arguments: [String], options: Set<String>) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            var given: (option: String, value: String)?
            if options.contains(argument), index + 1 < arguments.count {
                given = (argument, arguments[index + 1])
            } else if let equals = argument.firstIndex(of: "="), options.contains(String(argument[..<equals])) {
                given = (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
            }
            guard let (option, value) = given, let words = words(endingPath: value),
                  !FileManager.default.fileExists(atPath: UserPath.expanded(value)) else { continue }
            return "The \(option) path \"\(TerminalText.quoted(value))\" \(words). Nothing was changed."
        }
        return nil
    }

    /// "ends with a carriage return (\r), as a path read from … (tr -d '\r' < FILE)" for a
    /// path ending with a line end; nil for any other.
    public static func words(endingPath path: String) -> String? {
        guard let last = path.unicodeScalars.last, last == "\r" || last == "\n" else { return nil }
        let end = last == "\r" ? "a carriage return (\\r)" : "a line feed (\\n)"
        return "ends with \(end), as a path read from a file saved with CRLF line ends does ($(cat FILE)): give it without "
            + "(tr -d '\\r' < FILE)"
    }
}
