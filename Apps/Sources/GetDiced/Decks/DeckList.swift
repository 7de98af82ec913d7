import Foundation

/// A deck as plain text, one `Label: value` line per fact:
///
/// ```
/// # Get Diced deck list
/// Name: Flip Gordon Singles
/// Format: Singles
/// Spectacle: VALIANT
/// Entrance: Some Entrance
/// Competitor: Flip Gordon
/// Deck 1: American Double Punch
/// ...
/// Deck 30: Some Finish
/// Finish: Another Finish
/// Alternate: Some Card
/// ```
///
/// Cards are named; a name that several catalog cards share is followed by the
/// chosen card's id in brackets, `It's the Back Claw! [052f3107...]`. Blank lines and
/// lines starting with `#` are ignored; labels ignore case.
public struct DeckList: Hashable, Sendable {
    /// One card line of the list.
    public struct Entry: Hashable, Sendable {
        public var slotType: SlotType
        /// The main deck slot for `Deck N:` lines; other slots are numbered in order.
        public var slotNumber: Int?
        /// Empty when only the id is known (the card left the catalog).
        public var cardName: String
        public var cardUUID: String?
        /// The 1-based line it came from, 0 for lists built in code.
        public var line: Int

        public init(slotType: SlotType, slotNumber: Int? = nil, cardName: String, cardUUID: String? = nil, line: Int = 0) {
            self.slotType = slotType
            self.slotNumber = slotNumber
            self.cardName = cardName
            self.cardUUID = cardUUID
            self.line = line
        }

        /// How the line names its slot: `Entrance`, `Deck 7`, ...
        public var slotLabel: String {
            switch slotType {
            case .entrance: "Entrance"
            case .competitor: "Competitor"
            case .deck: "Deck \(slotNumber.map(String.init) ?? "")"
            case .finish: "Finish"
            case .alternate: "Alternate"
            case .unknown(let raw): raw
            }
        }

        /// The card as written after the label.
        var cardText: String {
            guard let cardUUID else { return cardName }
            return cardName.isEmpty ? "[\(cardUUID)]" : "\(cardName) [\(cardUUID)]"
        }
    }

    public var name: String?
    public var format: DeckFormat?
    public var spectacleType: SpectacleType?
    public var entries: [Entry]

    public init(name: String?, format: DeckFormat?, spectacleType: SpectacleType?, entries: [Entry]) {
        self.name = name
        self.format = format
        self.spectacleType = spectacleType
        self.entries = entries
    }

    /// The text form, which ``parse(_:)`` reads back unchanged.
    public func render() -> String {
        var lines = ["# Get Diced deck list"]
        if let name { lines.append("Name: \(name)") }
        if let format { lines.append("Format: \(format.name)") }
        if let spectacleType { lines.append("Spectacle: \(spectacleType.rawValue)") }
        for entry in entries {
            if case .unknown(let raw) = entry.slotType {
                // The text form has no label for it; keep a trace for the reader.
                lines.append("# skipped slot \(raw) \(entry.slotNumber ?? 0): \(entry.cardText)")
            } else {
                lines.append("\(entry.slotLabel): \(entry.cardText)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a deck list, throwing ``GetDicedError/malformedDeckList(line:reason:)``
    /// with the line number for the first line that breaks the format.
    /// The longest value a line takes (a deck's or a card's name): as the other tools'
    /// imports, the longest path Linux accepts. Megabytes in a name are a mistake.
    public static let longestValue = 4_096

    /// The longest line read, in bytes. A file with no line breaks (not a deck list) would
    /// otherwise be split and trimmed whole, at half a second a megabyte, before being refused.
    static let longestLine = 4 << 20

    /// Throws what ``parse(_:)`` throws for the whole file when `lines`, the complete lines at
    /// the start of a larger file, already hold a line that is wrong (a log given as a deck list).
    public static func refuseStart(_ lines: String) throws {
        do {
            _ = try parse(lines)
        } catch GetDicedError.malformedDeckList(line: nil, _) {
            // "No Name: line and no cards" is about the whole file, which may have them further on.
        }
    }

    public static func parse(_ text: String) throws -> DeckList {
        var lineNumber = 1, length = 0, previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                // CRLF is one line end, as a lone CR or LF is.
                if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) { lineNumber += 1 }
                length = 0
                continue
            }
            length += 1
            if length > longestLine {
                throw GetDicedError.malformedDeckList(line: lineNumber, reason: "the line is over 4 MB long, longer than any "
                                                      + "deck list's: check that the file is a deck list")
            }
        }
        var list = DeckList(name: nil, format: nil, spectacleType: nil, entries: [])
        var deckSlots: Set<Int> = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            func malformed(_ reason: String) -> GetDicedError {
                .malformedDeckList(line: lineNumber, reason: reason)
            }
            let line = rawLine.trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}"))
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw malformed("expected 'Label: value', got '\(line.count > 80 ? line.prefix(80) + "…" : line)'")
            }
            let label = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw malformed("'\(label):' has no value") }
            guard value.count <= longestValue else {
                throw malformed("the value of '\(label.prefix(40)):' is \(value.count) characters long; a name holds at most 4,096 characters")
            }
            let words = label.lowercased().split(separator: " ", omittingEmptySubsequences: true)

            switch words.first.map(String.init) {
            case "name" where words.count == 1:
                guard list.name == nil else { throw malformed("a second 'Name:' line") }
                list.name = value
            case "format" where words.count == 1:
                guard list.format == nil else { throw malformed("a second 'Format:' line") }
                guard let format = DeckFormat(named: value) else {
                    throw malformed("unknown format '\(value)'; use Singles, Tornado, Trios or Tag")
                }
                list.format = format
            case "spectacle" where words.count == 1:
                guard list.spectacleType == nil else { throw malformed("a second 'Spectacle:' line") }
                guard let spectacle = SpectacleType.matching(value) else {
                    throw malformed("unknown spectacle type '\(value)'; use NEWMAN or VALIANT")
                }
                list.spectacleType = spectacle
            case "entrance" where words.count == 1:
                guard !list.entries.contains(where: { $0.slotType == .entrance }) else {
                    throw malformed("a second 'Entrance:' line; a deck has one entrance")
                }
                list.entries.append(entry(.entrance, nil, value, lineNumber))
            case "competitor" where words.count == 1:
                guard list.entries.filter({ $0.slotType == .competitor }).count < 4 else {
                    throw malformed("a fifth 'Competitor:' line; a deck has at most 4 competitors")
                }
                list.entries.append(entry(.competitor, nil, value, lineNumber))
            case "deck":
                guard words.count == 2, let number = Int(words[1]) else {
                    throw malformed("'\(label)' needs a slot number, as in 'Deck 7: Card name'")
                }
                guard (1...30).contains(number) else { throw malformed("deck slot \(number) is not between 1 and 30") }
                guard deckSlots.insert(number).inserted else { throw malformed("deck slot \(number) appears twice") }
                list.entries.append(entry(.deck, number, value, lineNumber))
            case "finish" where words.count == 1:
                list.entries.append(entry(.finish, nil, value, lineNumber))
            case "alternate" where words.count == 1:
                list.entries.append(entry(.alternate, nil, value, lineNumber))
            default:
                throw malformed(
                    "unknown label '\(label)'; use Name, Format, Spectacle, Entrance, Competitor, Deck N, Finish or Alternate")
            }
        }
        guard list.name != nil || !list.entries.isEmpty else {
            throw GetDicedError.malformedDeckList(line: nil, reason: "it has no 'Name:' line and no cards")
        }
        return list
    }

    /// Splits `Card name [id]` into its name and id.
    private static func entry(_ slotType: SlotType, _ number: Int?, _ value: String, _ line: Int) -> Entry {
        if value.hasSuffix("]"), let open = value.lastIndex(of: "[") {
            let id = value[value.index(after: open)..<value.index(before: value.endIndex)]
            if id.count >= 8, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                let name = value[..<open].trimmingCharacters(in: .whitespaces)
                return Entry(slotType: slotType, slotNumber: number, cardName: name, cardUUID: String(id), line: line)
            }
        }
        return Entry(slotType: slotType, slotNumber: number, cardName: value, line: line)
    }
}
