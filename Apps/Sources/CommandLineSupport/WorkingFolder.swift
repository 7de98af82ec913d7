import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a tool was started in, which may have been deleted (or moved) after the shell
/// entered it: a relative path then names nothing, and the tools said "cannot create its
/// folder (the system refused)", "Cannot use .", or that there is no store or file there.
public enum WorkingFolder {
    /// Whether the folder the process runs in is gone.
    public static var isGone: Bool {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return getcwd(&buffer, buffer.count) == nil && errno == ENOENT
    }

    /// Why `path` names nothing, when it is relative and the current folder is gone; nil otherwise.
    public static func problem(with path: String, gone: Bool = isGone) -> String? {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~"), gone else { return nil }
        return "The current folder no longer exists (it was deleted or moved after the shell entered it), so the relative path "
            + "\"\(TerminalText.quoted(path))\" names nothing. Change to a folder that exists (cd), or give the full path. "
            + "Nothing was changed."
    }

    /// The first value of `options` (`--store`, `-o`) in `arguments`, before any `--`, that is a
    /// relative path while the current folder is gone, and why; nil when there is none.
    public static func problem(in arguments: [String], options: Set<String>) -> String? {
        guard isGone else { return nil }
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            var value: String?
            if options.contains(argument), index + 1 < arguments.count {
                value = arguments[index + 1]
            } else if let equals = argument.firstIndex(of: "="), options.contains(String(argument[..<equals])) {
                value = String(argument[argument.index(after: equals)...])
            }
            if let value, let problem = problem(with: value, gone: true) { return problem }
        }
        return nil
    }
}
