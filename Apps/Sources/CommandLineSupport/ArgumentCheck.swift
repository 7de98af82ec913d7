import Foundation

/// What every command line is checked for before it is parsed: no argument holds a
/// control character or is longer than any path or name a user types. A name with an
/// escape sequence in it would redraw the terminal of whoever lists it later, and
/// megabytes of text are a mistake (a file pasted where its path belonged), not a name.
public enum ArgumentCheck {
    /// The longest argument taken: the longest path Linux accepts (PATH_MAX).
    public static let longest = 4_096

    /// Why `arguments` are refused, in the user's words, or nil when they are fine.
    /// Tabs and line breaks are allowed: notes may have several lines.
    public static func problem(in arguments: [String]) -> String? {
        for argument in arguments {
            let length = argument.count
            if length > longest {
                return "An argument is \(length.formatted()) characters long (\(TerminalText.shortened(argument, to: 20))): "
                    + "names, notes and paths are at most \(longest.formatted()) characters. Nothing was changed."
            }
            if let control = argument.unicodeScalars.first(where: isForbidden) {
                let code = "\\u{" + String(control.value, radix: 16, uppercase: true) + "}"
                return "\"\(TerminalText.quoted(argument))\" has a control character (\(code)) in it: "
                    + "type plain text. Nothing was changed."
            }
        }
        return nil
    }

    /// `arguments` with each long option followed by a negative number written as one
    /// argument (`--limit -5` as `--limit=-5`), so that the argument parser takes the
    /// number as the option's value (not as an option of its own, "Missing value for
    /// --limit") and the command's range check answers, as its help promises. A value
    /// that starts with "-" and a digit is never an option: no tool has an option so named.
    /// `shortOptions` (`-o`): the short names of options that take a value, joined alike
    /// (`-o -1` as `-o=-1`, which the parser reads as `-o` given "-1"); a short flag is not.
    public static func joiningNegativeNumbers(_ arguments: [String], shortOptions: Set<String> = []) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return result + arguments[index...] }
            let takesValue = argument.hasPrefix("--") ? !argument.contains("=") : shortOptions.contains(argument)
            if takesValue, index + 1 < arguments.count, isNegativeNumber(arguments[index + 1]) {
                result.append(argument + "=" + arguments[index + 1])
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// The first argument, before any `--`, that begins with a minus sign and a digit and was
    /// not joined to an option: a value the user meant (a day, a number), which the argument
    /// parser takes for options of its own. Nil when there is none.
    public static func dashedValue(in arguments: [String]) -> String? {
        arguments.prefix { $0 != "--" }.first(where: isNegativeNumber)
    }

    /// Why `word` (from ``dashedValue(in:)``) is refused, in the user's words: a day is told
    /// the days every tool takes, anything else how to give a value that begins with "-".
    public static func dashedValueProblem(_ word: String, tool: String) -> String {
        let quoted = "\"\(TerminalText.quoted(word))\""
        if word.dropFirst().contains("-") {
            return "\(quoted) is not a day: it begins with a minus sign (and \(tool) reads a word that does as an option). "
                + "Write a day that exists, from 1900 to 2199, as YYYY-MM-DD, for example 2026-03-31. Nothing was changed."
        }
        return "\(quoted) begins with a minus sign, so \(tool) reads it as an option, and it has no option so named. "
            + "To give it as a value (a name, a number), put -- after the options and before it: \(tool) ... -- \(word). "
            + "Nothing was changed."
    }

    /// The first argument, before any `--`, that begins with one minus sign and holds a point
    /// or a slash (`-t.store`, `-e.json`, `-dir/x`): a file name, which the argument parser
    /// takes for options of its own and then reports as a value or an argument missing
    /// ("Missing value for '--store <path>'"), without naming it. No option has a point or a
    /// slash in its name. Nil when there is none.
    public static func dashedPath(in arguments: [String]) -> (word: String, option: String?)? {
        let options = arguments.prefix { $0 != "--" }
        guard let index = options.firstIndex(where: { word in
            word.hasPrefix("-") && !word.hasPrefix("--") && !word.contains("=") && (word.contains(".") || word.contains("/"))
        }) else { return nil }
        // The option it was meant for, when the word before it is one (`--store -t.store`).
        let before = index > options.startIndex ? options[index - 1] : nil
        return (options[index], before.flatMap { $0.hasPrefix("--") && !$0.contains("=") ? $0 : nil })
    }

    /// Why `word` (from ``dashedPath(in:)``) is refused, and the ways to give it: joined to
    /// `option` with `=` when it follows one, or as `./word`.
    public static func dashedPathProblem(_ word: String, option: String?, tool: String) -> String {
        let quoted = TerminalText.quoted(word)
        let joined = option.map { ", or join it to its option with = (\($0)=\(quoted))" } ?? ""
        return "\"\(quoted)\" begins with a minus sign, so \(tool) reads it as an option, and it has no option so named. "
            + "To give it as a file's name, write ./\(quoted)\(joined). Nothing was changed."
    }

    /// "-5", "-1-8", "-0.5": a minus sign and a digit.
    static func isNegativeNumber(_ argument: String) -> Bool {
        let scalars = Array(argument.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[0] == "-" && ("0"..."9").contains(scalars[1])
    }

    /// Why arguments whose bytes are `raw` are refused, or nil when each is UTF-8. The
    /// runtime has already replaced what is not UTF-8 in `CommandLine.arguments` with
    /// U+FFFD, which would be stored ("caf\u{FFFD}" for a Latin-1 "café"), so the bytes
    /// the program was started with are checked (`rawArguments`).
    public static func problem(inRaw raw: [[UInt8]]) -> String? {
        for bytes in raw where !String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) {
            return "\"\(TerminalText.quoted(showingBytes(bytes)))\" is not UTF-8 text (\\x marks the bytes that are not): "
                + "set your terminal or script to UTF-8 (a locale such as en_US.UTF-8), or convert the text. Nothing was changed."
        }
        return nil
    }

    /// The text of `bytes` with each byte that is not part of UTF-8 shown as `\xE9`.
    static func showingBytes(_ bytes: [UInt8]) -> String {
        var shown = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var index = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                shown.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                index += encoded.count
            case .error(let length):
                for byte in bytes[index..<min(index + length, bytes.count)] {
                    shown += "\\x" + String(byte, radix: 16, uppercase: true)
                }
                index += length
            case .emptyInput:
                return shown
            }
        }
    }

    /// The program's arguments as the bytes it was started with, without its own name;
    /// nil where the system does not tell (`/proc/self/cmdline` is Linux's).
    public static func rawArguments() -> [[UInt8]]? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/cmdline") else { return nil }
        var parts = data.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        if parts.last?.isEmpty == true { parts.removeLast() }
        return Array(parts.dropFirst())
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != "\t", scalar != "\n", scalar != "\r" else { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension Int {
    /// "100,000": thousands grouped, whatever the machine's locale.
    fileprivate func formatted() -> String {
        var digits = String(self.magnitude)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return (self < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
