import Foundation

/// Why an import was refused. Imports are all or nothing, so one of these means
/// nothing was imported; each names the line (1-based, as an editor shows it) and,
/// where there is one, the field. A card's refusal names the card by its place too
/// (`card`, counting from 1) when other cards are on its line, as in a JSON export
/// written on one line, where every card is on line 1.
public enum ImportError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// A value that cannot be imported.
    case invalidField(line: Int, field: String, value: String, reason: String, card: Int? = nil)
    /// A value the card's sales or trades contradict (a sold card imported as in stock):
    /// the inventory's state refuses it, not its form.
    case contradictsHistory(line: Int, field: String, value: String, reason: String, card: Int? = nil)
    /// A required field is absent.
    case missingField(line: Int, field: String, card: Int? = nil)
    /// The file is not well-formed JSON or CSV at this line.
    case malformed(line: Int, reason: String)
    /// The CSV header lacks required columns.
    case missingColumns([String])
    /// The JSON export is of a format version this version cannot read.
    case unsupportedVersion(String)
    /// Two records carry the same card ID.
    case duplicateID(line: Int, id: String, firstLine: Int)
    /// Two cards of a JSON export written on one line (as a program writes JSON without
    /// spaces) carry the same card ID: the line names neither, so their places do
    /// (counting from 1).
    case duplicateIDOnOneLine(line: Int, id: String, card: Int, firstCard: Int)
    /// The file holds nothing to import.
    case empty
    /// The file cannot be read.
    case unreadable(path: String, reason: String)

    public var line: Int? {
        switch self {
        case let .invalidField(line, _, _, _, _), let .contradictsHistory(line, _, _, _, _), let .missingField(line, _, _), let .malformed(line, _),
             let .duplicateID(line, _, _), let .duplicateIDOnOneLine(line, _, _, _): line
        case .missingColumns: 1
        case .unsupportedVersion, .empty, .unreadable: nil
        }
    }

    public var field: String? {
        switch self {
        case let .invalidField(_, field, _, _, _), let .contradictsHistory(_, field, _, _, _), let .missingField(_, field, _): field
        default: nil
        }
    }

    public var description: String {
        let nothing = "; nothing was imported"
        switch self {
        case let .invalidField(line, field, value, reason, card), let .contradictsHistory(line, field, value, reason, card):
            return "\(Self.place(line, card)), field \"\(field)\": \(Self.quote(value)) \(reason)\(nothing)"
        case let .missingField(line, field, card):
            return "\(Self.place(line, card)), field \"\(field)\": missing\(nothing)"
        case let .malformed(line, reason):
            return "line \(line): \(reason)\(nothing)"
        case let .missingColumns(columns):
            return "line 1: the header has no \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) column\(columns.count == 1 ? "" : "s")\(nothing)"
        case let .unsupportedVersion(version):
            return "this export is format version \(version), which this version of CardShow Pro cannot read (it reads 1.x)\(nothing)"
        case let .duplicateID(line, id, firstLine):
            return "line \(line), field \"id\": the card ID \(id) is also on line \(firstLine)\(nothing)"
        case let .duplicateIDOnOneLine(line, id, card, firstCard):
            return "line \(line), field \"id\": cards \(firstCard) and \(card) of the file (counting from 1) have the same card ID, "
                + "\(id): each card has its own\(nothing)"
        case .empty:
            return "the file has no cards\(nothing)"
        case let .unreadable(path, reason):
            return "cannot read \(path): \(reason)\(nothing)"
        }
    }

    public var errorDescription: String? { description }

    /// "line 12", or "line 1, card 3 of the file (counting from 1)" when other cards share the
    /// line, in the words of `duplicateIDOnOneLine`.
    static func place(_ line: Int, _ card: Int?) -> String {
        card.map { "line \(line), card \($0) of the file (counting from 1)" } ?? "line \(line)"
    }

    /// A rule's sentence as a clause after a colon, before "; nothing was imported": its
    /// full stop dropped and, unless told not to (a sentence that starts with a card's
    /// name), its first word in small letters ("A card's market value can't be negative."
    /// → "a card's market value can't be negative"). A word in capitals (an acronym) and a
    /// sentence that starts with a quotation mark are kept as they are.
    static func clause(_ sentence: String, lowercasingItsFirstWord: Bool = true) -> String {
        var clause = sentence.hasSuffix(".") && !sentence.hasSuffix("...") ? String(sentence.dropLast()) : sentence
        if lowercasingItsFirstWord, let first = clause.first, first.isUppercase,
           clause.dropFirst().first.map({ !$0.isUppercase }) ?? true {
            clause = first.lowercased() + clause.dropFirst()
        }
        return clause
    }

    /// A value as the message shows it: quoted, control characters visible, shortened.
    /// `marks`: false for a value shown as JSON writes it, which has its own.
    static func quote(_ value: String, marks: Bool = true) -> String {
        var shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        shown = shown.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        return marks ? "\"\(shown)\"" : shown
    }
}
