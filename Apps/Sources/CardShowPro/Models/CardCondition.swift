import Foundation

/// The physical condition of a raw (ungraded) card, as dealers grade it at the table.
///
/// Stored as its raw value ("Near Mint"), which is also what exports write.
public enum CardCondition: String, Codable, CaseIterable, Sendable {
    case nearMint = "Near Mint"
    case lightlyPlayed = "Lightly Played"
    case moderatelyPlayed = "Moderately Played"
    case heavilyPlayed = "Heavily Played"
    case damaged = "Damaged"

    public var abbreviation: String {
        switch self {
        case .nearMint: return "NM"
        case .lightlyPlayed: return "LP"
        case .moderatelyPlayed: return "MP"
        case .heavilyPlayed: return "HP"
        case .damaged: return "DMG"
        }
    }

    /// Reads what a dealer or a spreadsheet writes: the full name ("Near Mint") or the
    /// abbreviation ("NM", "nm"), ignoring case and surrounding spaces.
    public init?(parsing text: String) {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let match = CardCondition.allCases.first(where: {
            $0.rawValue.lowercased() == wanted || $0.abbreviation.lowercased() == wanted
        }) else { return nil }
        self = match
    }
}
