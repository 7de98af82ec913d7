import CardShowPro
import CommandLineSupport

/// A change of cards (brought to an event, sold, traded away, a sale or trade of them voided,
/// their grades recorded) refused at its save by a rule one of them broke as another program,
/// or a client keeping no rules through sync, stored it: the rule's words alone named no card,
/// of three brought at once, and no mend.
enum CardRuleRefusal {
    /// Runs `change` of `cards`; a rule one of them breaks as stored (the change rolled back)
    /// is named with the card and the option of `card update` that mends it, on a line of its own.
    static func naming(_ cards: [InventoryCard], _ change: () throws -> Void) throws {
        do {
            try change()
        } catch let rule as CardShowPro.ValidationError {
            guard let card = cards.first(where: { breaks(rule, $0) }), let options = card.mendingOptions(of: rule) else { throw rule }
            throw ToolError("\(card.displayName) (\(card.id.short)), as it is stored, breaks a rule: \(card.storedWords(of: rule)) Nothing was changed.\n"
                            + "Mend it with `cardshow card update \(card.id.short) \(options)`, then run this again.")
        }
    }

    /// Whether `card` as it is now breaks `rule`.
    private static func breaks(_ rule: CardShowPro.ValidationError, _ card: InventoryCard) -> Bool {
        do {
            try card.validate()
            return false
        } catch {
            return error as? CardShowPro.ValidationError == rule
        }
    }
}
