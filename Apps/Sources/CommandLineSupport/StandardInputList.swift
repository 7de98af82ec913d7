import Foundation

/// A list argument in which `-` stands for the lines of standard input: `cut -d, -f1 ids.csv |
/// cardshow event bring -`. Thousands of IDs given as arguments cost the argument parser time
/// in the square of their count (19,471 took minutes); read from standard input they cost
/// nothing to parse.
public enum StandardInputList {
    /// `arguments` with a `-` among them replaced by the lines of standard input, each trimmed
    /// of spaces, blank ones left out. `what` names the items, plural ("cards").
    public static func expanded(_ arguments: [String], what: String) throws -> [String] {
        guard let dash = arguments.firstIndex(of: "-") else { return arguments }
        guard arguments.lastIndex(of: "-") == dash else {
            throw ToolError("Give - once: it reads the \(what) from standard input, one a line.")
        }
        let lines = try InputFile.standardInputText(what: "list of \(what)").split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw ToolError("Standard input held no \(what): give them one a line, or as arguments.") }
        return Array(arguments[..<dash]) + lines + arguments[(dash + 1)...]
    }
}
