/// The argument parser's refusal of unexpected arguments names every one of them: given
/// 80,000 words (a glob that matched a whole folder, `$(cat list)` unquoted), that is one
/// line of hundreds of kilobytes. The first few name the mistake as well.
enum LongArgumentList {
    /// How many of the arguments a refusal names.
    static let shown = 5

    /// `message` with its list of unexpected arguments cut to the first ``shown``, saying how
    /// many more there are; any other message as it is.
    static func shortened(_ message: String) -> String {
        guard let colon = message.range(of: " unexpected arguments: ") else { return message }
        // The list ends its line; a usage line may follow.
        let end = message[colon.upperBound...].firstIndex(of: "\n") ?? message.endIndex
        let items = message[colon.upperBound..<end].split(separator: ", ", omittingEmptySubsequences: false)
        guard items.count > shown else { return message }
        return String(message[..<colon.upperBound]) + items.prefix(shown).joined(separator: ", ")
            + " and \(items.count - shown) more" + message[end...]
    }
}
