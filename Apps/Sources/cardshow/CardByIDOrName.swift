import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

/// The card whose ID starts with `text`, else the one card named `text` (ignoring case).
func cardByIDOrName(_ text: String, in context: ModelContext) throws -> InventoryCard {
    do {
        return try ModelLookup(context: context).card(text)
    } catch CardShowError.notFound {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        let named = try context.fetch(FetchDescriptor<InventoryCard>())
            .filter { $0.name.compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        switch named.count {
        case 1: return named[0]
        case 0: throw ToolError("No card has an ID starting with \"\(text)\" or the name \"\(text)\". Find it with `cardshow card search TEXT`.")
        default:
            throw ToolError("\(named.count) cards are named \"\(text)\"; give one's ID instead: "
                              + named.map(\.id.short).joined(separator: ", ") + ".")
        }
    }
}
