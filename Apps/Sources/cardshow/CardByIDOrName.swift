import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

/// The card whose ID starts with `text` (at least its first 8 characters), else the one card named `text` (ignoring case).
func cardByIDOrName(_ text: String, in context: ModelContext) throws -> InventoryCard {
    do {
        return try ModelLookup(context: context).card(text)
    } catch let error as CardShowError {
        let tooShort: Bool
        switch error {
        case .notFound: tooShort = false
        case .idTooShort: tooShort = true
        default: throw error
        }
        let wanted = text.trimmingCharacters(in: .whitespaces)
        let named = try context.fetch(FetchDescriptor<InventoryCard>())
            .filter { $0.name.compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        switch named.count {
        case 1: return named[0]
        case 0 where tooShort:
            throw ToolError("No card is named \"\(text)\", and \"\(text)\" is too short to name a card by its ID: give at least "
                            + "the first \(ModelLookup.shortestPrefix) characters of the ID, as listings show them. "
                            + "Find the card with `cardshow card search TEXT`.")
        case 0: throw ToolError("No card has an ID starting with \"\(text)\" or the name \"\(text)\". Find it with `cardshow card search TEXT`.")
        default:
            throw ToolError("\(named.count) cards are named \"\(text)\"; give one's ID instead: "
                              + named.map(\.id.short).joined(separator: ", ") + ".")
        }
    }
}
