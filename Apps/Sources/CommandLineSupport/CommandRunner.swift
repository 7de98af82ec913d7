import ArgumentParser
import Foundation

/// Runs a root command the way ArgumentParser's `main()` does, and then checks that
/// everything written to standard output got there. Errors are put into the user's
/// words (`translate`), stripped of control characters and of megabytes of echoed input,
/// and reported as `{"error": ...}` on standard error when the command line asked for `--json`.
public enum CommandRunner {
    /// `optionsWithValues`: the root's options that take a value, so that the value is not
    /// taken for a command's name. `movedOptions`: options with a value that every command
    /// takes but the root does not declare (getdiced's `--db`), moved after the command when
    /// given before it, as `--json` is.
    public static func main<Root: ParsableCommand>(
        _ root: Root.Type, arguments given: [String] = Array(CommandLine.arguments.dropFirst()),
        optionsWithValues: Set<String> = ["--store"], movedOptions: Set<String> = [],
        translate: (Error) -> Error = { $0 }
    ) -> Never {
        StandardError.holdClosedStandardStreams()
        // Before anything is written there: a warning or a refusal would go onto the end of a database.
        if let problem = StandardStreamDatabase.problem(tool: root._commandName, stores: ["--store", "--db"].compactMap { value(of: $0, in: given) }) {
            StandardStreamDatabase.refuse(problem)
        }
        EngineLog.bootstrap(tool: root._commandName)
        FileSizeLimit.failWritesInsteadOfEnding()
        QuitSignal.quitWithoutBacktrace()
        TimeZoneVariable.warnIfUnknown(tool: root._commandName)
        let arguments = hoisted(given, of: root, optionsWithValues: optionsWithValues.union(movedOptions),
                                moved: movedOptions.union(["--json"]))
        // A group given alone is left without `--json`, which no group takes; its errors
        // (`cardshow card --bogus --json`) are still reported as JSON, and so is the group
        // alone (below).
        let asksForJSON = Self.asksForJSON(given)
        if let problem = ArgumentCheck.problem(in: arguments) {
            fail(ToolError(problem), arguments: arguments, as: root)
        }
        if given == Array(CommandLine.arguments.dropFirst()), let raw = ArgumentCheck.rawArguments(), raw.count == arguments.count,
           let problem = ArgumentCheck.problem(inRaw: raw) {
            fail(ToolError(problem), arguments: arguments, as: root)
        }
        if let (option, _) = emptyPath(in: arguments, options: ["--store", "--db", "--templates"]) {
            // URL(fileURLWithPath: "") is the current folder, which would be named as "a folder".
            fail(ToolError("The \(option) path is empty: give the path of a file."), arguments: arguments, as: root)
        }
        if let problem = WorkingFolder.problem(in: arguments, options: ["--store", "--db", "--templates", "--output", "-o"]) {
            fail(ToolError(problem), arguments: arguments, as: root)
        }
        if let problem = PathLineEnd.problem(in: arguments, options: ["--store", "--db", "--templates", "--output", "-o"]) {
            fail(ToolError(problem), arguments: arguments, as: root)
        }
        // The moved options' values too: `getdiced --db g.db --help` is hoisted to `--help --db g.db`.
        if let (unknown, group, path) = unknownCommand(in: arguments, of: root, optionsWithValues: optionsWithValues.union(movedOptions)) {
            // Without this, a group with a default command hands the word to that command,
            // which answers with its own usage, and a word before --store or --db is
            // reported as that option being unknown.
            let article = path.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            let kind = path.split(separator: " ").count > 1 ? "The \(group._commandName) commands are: " : "The commands are: "
            fail(ToolError("\"\(TerminalText.quoted(unknown))\" is not \(article) \(path) command. \(kind)"
                           + commandNames(of: group).joined(separator: ", ") + ". See `\(path) --help`."),
                 arguments: arguments, as: root)
        }
        // A group given alone answers with its help, which is text: under --json, where a
        // program reads the output, it is an error that names the group's commands.
        let asksForHelp = given.prefix { $0 != "--" }.contains { ["--help", "-h", "help", "--version"].contains($0) }
        if asksForJSON, !asksForHelp,
           let (group, path) = groupGivenAlone(in: arguments, of: root, optionsWithValues: optionsWithValues.union(movedOptions)) {
            fail(ToolError("`\(path)` needs one of its commands: " + commandNames(of: group).joined(separator: ", ")
                           + ". Its help, `\(path) --help`, is text rather than JSON."),
                 arguments: given, as: root)
        }
        do {
            // Read from the whole command tree's help, which takes most of a run's start-up
            // (a fifth of a second): only a negative number needs them.
            let shortOptions = (given + arguments).contains(where: ArgumentCheck.isNegativeNumber)
                ? RepeatedOption.shortNamesTakingValues(in: root) : []
            let joined = ArgumentCheck.joiningNegativeNumbers(arguments, shortOptions: shortOptions)
            var command: any ParsableCommand
            do {
                command = try root.parseAsRoot(joined)
            } catch {
                // The parser reads `-0001-01-01` as options and then misses the argument it was
                // meant to be ("Missing expected argument '<day>'"), without naming it.
                if root.exitCode(for: error) != .success, let word = ArgumentCheck.dashedValue(in: joined) {
                    fail(ToolError(ArgumentCheck.dashedValueProblem(word, tool: root._commandName)), arguments: arguments, as: root)
                }
                if root.exitCode(for: error) != .success, let (word, option) = ArgumentCheck.dashedPath(in: joined) {
                    fail(ToolError(ArgumentCheck.dashedPathProblem(word, option: option, tool: root._commandName)),
                         arguments: arguments, as: root)
                }
                throw error
            }
            // On the arguments as given, so that the two values are named in the order they were typed.
            if let problem = RepeatedOption.problem(in: ArgumentCheck.joiningNegativeNumbers(given, shortOptions: shortOptions),
                                                 command: type(of: command)) {
                fail(ToolError(problem), arguments: arguments, as: root)
            }
            try command.run()
        } catch {
            var error = translate(error)
            let status = root.exitCode(for: error)
            // ArgumentParser suggests the nearest option ("Did you mean '--now'?"), where the
            // command has no JSON form (an export, which writes JSON already, or a change).
            if status == .validationFailure, root.message(for: error).hasPrefix("Unknown option '--json'") {
                let path = namedCommand(in: arguments, of: root, optionsWithValues: optionsWithValues.union(movedOptions)).path
                error = ToolError("`\(path)` takes no --json: leave it out. What it writes is shown by `\(path) --help`.")
            }
            if let code = error as? ExitCode {
                // A command that has already said why it ends with a failure (a validation
                // that found violations prints them, or its JSON report) exits without a
                // second, empty message.
                _ = StandardOutput.finish()
                exit(code.rawValue)
            }
            // Help and version are printed as ArgumentParser prints them, but through the
            // check every other output gets: its own `exit(withError:)` ends with status 0
            // whether or not the text got anywhere.
            if status == .success {
                print(root.fullMessage(for: error))
                if let failure = StandardOutput.finish() {
                    printError("Error: could not write the output: \(failure).")
                    exit(1)
                }
                exit(0)
            }
            if asksForJSON || Self.asksForJSON(arguments) {
                let message = LongArgumentList.shortened(escapingEchoes(root.message(for: error), of: arguments))
                reportJSON(message.isEmpty ? "The command failed." : message)
            } else {
                let message = LongArgumentList.shortened(escapingEchoes(root.fullMessage(for: error), of: arguments))
                printError(TerminalText.message(message.isEmpty ? "Error: the command failed." : message))
            }
            _ = StandardOutput.finish()
            exit(status.rawValue)
        }
        if let failure = StandardOutput.finish() {
            if Self.asksForJSON(arguments) {
                reportJSON("Could not write the output: \(failure).")
            } else {
                printError("Error: could not write the output: \(failure).")
            }
            exit(1)
        }
        exit(0)
    }

    /// The value of the last `option` (`--store PATH` or `--store=PATH`) in `arguments`,
    /// before any `--`: what a tool's error words need to name its store.
    public static func value(of option: String, in arguments: [String]) -> String? {
        var value: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == option, index + 1 < arguments.count { value = arguments[index + 1] }
            if argument.hasPrefix(option + "=") { value = String(argument.dropFirst(option.count + 1)) }
        }
        return value.map { UserPath.expanded($0) }
    }

    /// Reports `error` as `main` would and exits with a failure.
    public static func fail<Root: ParsableCommand>(_ error: Error, arguments: [String], as root: Root.Type) -> Never {
        let message = LongArgumentList.shortened(root.message(for: error))
        if asksForJSON(arguments) {
            reportJSON(message)
        } else {
            printError(TerminalText.message("Error: \(message)"))
        }
        _ = StandardOutput.finish()
        exit(ExitCode.validationFailure.rawValue)
    }

    /// `message` with each value of `arguments` it quotes ("The value 'A<tab>B' is invalid
    /// for '--name <name>'") shown escaped when it holds a tab or a line break: the argument
    /// parser quotes a value as given, and `TerminalText.message` keeps a message's own lines.
    static func escapingEchoes(_ message: String, of arguments: [String]) -> String {
        let values = arguments.flatMap { argument in
            argument.hasPrefix("--") && argument.contains("=") ? [argument, String(argument.drop { $0 != "=" }.dropFirst())] : [argument]
        }
        var result = message
        for value in Set(values) where value.unicodeScalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            result = result.replacingOccurrences(of: "'\(value)'", with: "'\(TerminalText.quoted(value))'")
        }
        return result
    }

    /// The names of the root's commands, as `--help` lists them.
    public static func commandNames(of command: any ParsableCommand.Type) -> [String] {
        command.configuration.subcommands.map { $0._commandName }
    }

    /// The command of `group` that `name` names: by its name or by one of the aliases its
    /// help lists (`getdiced folders`, `cardshow wants`).
    static func subcommand(named name: String, of group: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        group.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
    }

    /// The first word that is neither an option nor an option's value where a command is
    /// expected, when it names no command: the word, the command group it was looked up
    /// in, and that group's path ("getdiced deck").
    static func unknownCommand(in arguments: [String], of root: any ParsableCommand.Type,
                               optionsWithValues: Set<String>) -> (String, any ParsableCommand.Type, String)? {
        let named = namedCommand(in: arguments, of: root, optionsWithValues: optionsWithValues)
        return named.unknown.map { ($0, named.command, named.path) }
    }

    /// The command group `arguments` name and its path, when they name a group, none of its
    /// commands and no option but a store's (`cardshow card`, `getdiced --db g.db`), which
    /// ArgumentParser answers with the group's help.
    static func groupGivenAlone(in arguments: [String], of root: any ParsableCommand.Type,
                                optionsWithValues: Set<String>) -> (any ParsableCommand.Type, String)? {
        // An option no group takes (`cardshow card --bogus`) is reported as unknown by the parser.
        guard !arguments.contains(where: { $0.hasPrefix("-") && !isOption($0, of: optionsWithValues) }) else { return nil }
        let named = namedCommand(in: arguments, of: root, optionsWithValues: optionsWithValues)
        guard named.unknown == nil, !commandNames(of: named.command).isEmpty,
              named.command.configuration.defaultSubcommand == nil else { return nil }
        return (named.command, named.path)
    }

    /// The command the words of `arguments` name, with its path ("getdiced deck"), and the first
    /// word where one of its commands is expected that is neither an option, an option's value
    /// nor one of them. The words end at `--` and at a command that has no commands of its own.
    static func namedCommand(in arguments: [String], of root: any ParsableCommand.Type,
                             optionsWithValues: Set<String>) -> (command: any ParsableCommand.Type, path: String, unknown: String?) {
        var group = root
        var path = root._commandName
        var index = 0
        while index < arguments.count, !commandNames(of: group).isEmpty {
            let argument = arguments[index]
            if argument == "--" { break }
            if optionsWithValues.contains(argument) { index += 2; continue }
            if argument.hasPrefix("-") { index += 1; continue }
            // `help frobnicate` is looked up as `frobnicate` is: ArgumentParser would print the
            // root's help for a word that names no command, and exit 0.
            if argument == "help" {
                guard ObjectIdentifier(group) == ObjectIdentifier(root) else { break }
                index += 1
                continue
            }
            guard let next = subcommand(named: argument, of: group) else { return (group, path, argument) }
            group = next
            path += " " + argument
            index += 1
        }
        return (group, path, nil)
    }

    /// `arguments` with each of `moved` (a flag, or an option and its value) that comes
    /// before the command's name moved after it, so that `tool --json list` is `tool list
    /// --json`, as `--store` is taken before or after the command.
    static func hoisted(_ arguments: [String], of root: any ParsableCommand.Type, optionsWithValues: Set<String>,
                        moved: Set<String>) -> [String] {
        var group = root
        var index = 0
        var kept: [String] = [], lifted: [String] = []
        var firstCommand: Int?, help: Int?
        while index < arguments.count, !commandNames(of: group).isEmpty {
            let argument = arguments[index]
            if argument == "--" { break }
            let takesValue = optionsWithValues.contains(argument)
            let width = takesValue ? min(2, arguments.count - index) : 1
            if isOption(argument, of: moved) {
                lifted += arguments[index..<index + width]
                index += width
                continue
            }
            if argument == "help", help == nil {
                help = index
                firstCommand = firstCommand ?? index
            }
            if argument.hasPrefix("-") || argument == "help" {
                kept += arguments[index..<index + width]
                index += width
                continue
            }
            guard let next = subcommand(named: argument, of: group) else { break }
            firstCommand = firstCommand ?? index
            group = next
            kept.append(argument)
            index += 1
        }
        // The help command reads no store and takes no option, and stands before the commands it
        // explains: `getdiced --db g.db deck help add` and `getdiced help deck add --db g.db` are
        // `getdiced help deck add`.
        if let help, let firstCommand {
            var arguments = arguments
            arguments.remove(at: help)
            arguments.insert("help", at: firstCommand)
            return removing(moved, takingValues: optionsWithValues, from: arguments)
        }
        guard !lifted.isEmpty else { return arguments }
        // A command group given alone (`getdiced --db g.db deck`) shows its help, as it does
        // without them: there is no command to move them after, and a group takes neither option.
        if index == arguments.count, !commandNames(of: group).isEmpty, group.configuration.defaultSubcommand == nil {
            return kept
        }
        let rest = Array(arguments[index...])
        let terminator = rest.firstIndex(of: "--") ?? rest.count
        return kept + rest[..<terminator] + lifted + rest[terminator...]
    }

    /// Whether `arguments` ask for JSON: `--json` before any `--`, after which it is a word.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// Whether `argument` is one of `options`, alone (`--store`) or with its value (`--store=s.store`).
    static func isOption(_ argument: String, of options: Set<String>) -> Bool {
        options.contains(argument) || options.contains { argument.hasPrefix($0 + "=") }
    }

    /// `arguments` without `options` (and the values of those in `takingValues`), up to a `--`.
    static func removing(_ options: Set<String>, takingValues: Set<String>, from arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return kept + arguments[index...] }
            if options.contains(argument) {
                index += takingValues.contains(argument) ? 2 : 1
            } else if options.contains(where: { argument.hasPrefix($0 + "=") }) {
                index += 1
            } else {
                kept.append(argument)
                index += 1
            }
        }
        return kept
    }

    /// The first of `options` given an empty value (`--store ""`, `--store=`), with that value.
    static func emptyPath(in arguments: [String], options: Set<String>) -> (String, String)? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if options.contains(argument), index + 1 < arguments.count,
               arguments[index + 1].trimmingCharacters(in: .whitespaces).isEmpty {
                return (argument, arguments[index + 1])
            }
            if let equals = argument.firstIndex(of: "="), options.contains(String(argument[..<equals])),
               argument[argument.index(after: equals)...].trimmingCharacters(in: .whitespaces).isEmpty {
                return (String(argument[..<equals]), "")
            }
        }
        return nil
    }

    /// `{"error": "..."}` on standard error (JSON escapes control characters itself).
    private static func reportJSON(_ message: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let shortened = TerminalText.message(message, lineLimit: 2_000)
        let data = (try? encoder.encode(["error": shortened])) ?? Data("{\"error\": \"unknown error\"}".utf8)
        StandardError.write(data + Data("\n".utf8))
    }
}
