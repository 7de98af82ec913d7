import ArgumentParser
import NameText

/// Names typed on the command line, held to the rule every tool holds names to: one line
/// (`NameLineBreak`). The argument check lets tabs and line breaks through for notes.
public enum NameArgument {
    /// For `@Option(transform:)` and `@Argument(transform:)`: the name, or an error saying
    /// which character breaks its line and where. The argument parser names the option and
    /// the value before it.
    public static func oneLine(_ text: String) throws -> String {
        if let problem = NameLineBreak(in: text) { throw ValidationError("it \(problem.reason).") }
        return text
    }
}
