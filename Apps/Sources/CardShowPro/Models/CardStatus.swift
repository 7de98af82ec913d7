import Foundation

/// Whether a card is still in the dealer's stock.
///
/// The seed keeps a card's row after it is sold or traded (its sales and trades stay
/// as history), so inventory totals need to know which cards are still on hand; this
/// is stored rather than derived from the relationships so that a 10,000-card
/// inventory can be summed with one query instead of one per card.
public enum CardStatus: String, Codable, CaseIterable, Sendable {
    case inStock = "In Stock"
    case sold = "Sold"
    case tradedAway = "Traded Away"
}
