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
    public static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return result + arguments[index...] }
            if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count,
               isNegativeNumber(arguments[index + 1]) {
                result.append(argument + "=" + arguments[index + 1])
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// "-5", "-1-8", "-0.5": a minus sign and a digit.
    static func isNegativeNumber(_ argument: String) -> Bool {
        let scalars = Array(argument.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[0] == "-" && ("0"..."9").contains(scalars[1])
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
