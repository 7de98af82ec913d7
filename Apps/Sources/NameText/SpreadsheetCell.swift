/// A text cell of a CSV export, kept from being taken for a formula by a spreadsheet.
///
/// Spreadsheets read a cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage
/// return) as a formula, so a card named `=HYPERLINK("http://…")` in an export opened in
/// one becomes a link, or worse (OWASP calls it CSV injection). Such a cell is written
/// after an apostrophe, which spreadsheets take as "this is text" and do not show; the
/// tools' imports take the apostrophe away again, so an export reads back exactly. A text
/// that already begins with apostrophes before such a character gets one more, so that
/// every text survives the round trip.
public enum SpreadsheetCell {
    /// `text` as an export writes it.
    public static func guarded(_ text: String) -> String {
        startsLikeAFormula(text.unicodeScalars[...]) ? "'" + text : text
    }

    /// A cell as an import reads it: the apostrophe `guarded(_:)` wrote taken away.
    public static func unguarded(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", startsLikeAFormula(scalars.dropFirst()) else { return cell }
        return String(scalars.dropFirst())
    }

    /// Whether `scalars` are apostrophes (or none) before a character that starts a formula.
    private static func startsLikeAFormula(_ scalars: Substring.UnicodeScalarView) -> Bool {
        guard let first = scalars.first(where: { $0 != "'" }) else { return false }
        return ["=", "+", "-", "@", "\t", "\r"].contains(first)
    }
}
