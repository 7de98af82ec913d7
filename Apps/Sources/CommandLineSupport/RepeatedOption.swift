import ArgumentParser
import Foundation

/// An option that takes one value given twice with different values (`--name A ... --name B`).
/// ArgumentParser keeps the last without a word, so a command line edited by hand, or
/// built by a script that appends its own `--store`, would act on a value the user did
/// not mean; an import refuses a key given twice for the same reason. The same value
/// twice means one thing, and is taken. Options meant to be repeated (`--tag`) are not checked.
public enum RepeatedOption {
    /// The refusal for the first option of `command` given twice with different values in
    /// `arguments` (before any `--`), or nil.
    public static func problem(in arguments: [String], command: any ParsableCommand.Type) -> String? {
        let (options, repeatable) = Self.options(of: command)
        var given: [Int: (name: String, value: String)] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            var name = argument
            var value: String?
            if argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let option = options[name] else { index += 1; continue }
            if value == nil {
                guard index + 1 < arguments.count else { return nil }
                value = arguments[index + 1]
                index += 1
            }
            index += 1
            guard let value, !repeatable.contains(option) else { continue }
            if let earlier = given[option], earlier.value != value {
                let both = earlier.name == name ? name : "\(earlier.name) and \(name)"
                return "\(both) \(earlier.name == name ? "is" : "are") given twice, as \"\(TerminalText.quoted(earlier.value))\" "
                    + "and as \"\(TerminalText.quoted(value))\": give \(name) once, with the value you mean. Nothing was changed."
            }
            given[option] = given[option] ?? (name, value)
        }
        return nil
    }

    /// The short names (`-o`) of the options that take a value, in `root` and every command
    /// under it.
    public static func shortNamesTakingValues(in root: any ParsableCommand.Type) -> Set<String> {
        guard let data = root._dumpHelp().data(using: .utf8),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let info = document["command"] as? [String: Any]
        else { return [] }
        var names: Set<String> = []
        var commands = [info]
        while let command = commands.popLast() {
            commands += command["subcommands"] as? [[String: Any]] ?? []
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "short" {
                    if let text = name["name"] as? String { names.insert("-" + text) }
                }
            }
        }
        return names
    }

    /// Every name (`--name`, `-n`) of the options of `command` that take a value, with the
    /// option's number (an option's names share it), and the numbers of the repeatable ones.
    static func options(of command: any ParsableCommand.Type) -> (names: [String: Int], repeatable: Set<Int>) {
        guard let data = command._dumpHelp().data(using: .utf8),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let info = document["command"] as? [String: Any],
              let arguments = info["arguments"] as? [[String: Any]]
        else { return ([:], []) }
        var options: [String: Int] = [:]
        var repeatable: Set<Int> = []
        for (number, argument) in arguments.enumerated() where argument["kind"] as? String == "option" {
            if argument["isRepeating"] as? Bool == true { repeatable.insert(number) }
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let text = name["name"] as? String, let kind = name["kind"] as? String else { continue }
                let written = kind == "short" ? "-" + text : "--" + text
                options[written] = number
            }
        }
        return (options, repeatable)
    }
}
