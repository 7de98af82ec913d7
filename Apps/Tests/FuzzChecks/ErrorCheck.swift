import CommandLineTestSupport
import Foundation

/// The checks every parser target applies to an error its input caused.
public enum ErrorCheck {
    /// What the user reads for `error`: the tools print `errorDescription` when there is
    /// one (ArgumentParser's rule), else the description.
    public static func message(of error: Error) -> String {
        if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }

    /// Refuses a message with a Swift type name, SQL or an engine word (the rule of the
    /// tools' bad-input tests), or, when `placed` is given, one that does not name where
    /// in the file the problem is.
    public static func judge(_ error: Error, placed: (String) -> Bool) throws {
        let text = message(of: error)
        let words = InternalWords.found(in: text)
        if !words.isEmpty {
            throw Finding("the message shows \(words): \(text)")
        }
        if !placed(text) {
            throw Finding("the message does not name the line or field: \(text)")
        }
    }

    /// True when `text` names a line ("line 12") or a field ("field \"grade\"", a key path).
    public static func namesLineOrField(_ text: String) -> Bool {
        text.range(of: #"line \d"#, options: [.regularExpression, .caseInsensitive]) != nil
            || text.range(of: #"field "#, options: [.regularExpression, .caseInsensitive]) != nil
    }
}
