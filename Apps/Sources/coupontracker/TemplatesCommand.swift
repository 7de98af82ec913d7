import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates", abstract: "List the card templates and their benefits: the bundled catalog, or --templates FILE.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption

    struct Card: Encodable {
        let id: UUID
        let name: String
        let issuer: String
        let annualFee: String?
        let isActive: Bool
        let annualValue: String
        let benefits: [Benefit]
    }

    struct Benefit: Encodable {
        let id: UUID
        let name: String
        let description: String
        let value: String
        let frequency: String
        let category: String
        let merchant: String?
        let resetDayOfMonth: Int?
        let annualValue: String
    }

    func run() throws {
        let catalog = try options.catalog()
        let cards = catalog.cards.map { card in
            Card(id: card.id, name: card.name, issuer: card.issuer, annualFee: card.annualFee.map(amount), isActive: card.isActive,
                 annualValue: amount(card.totalAnnualValue),
                 benefits: card.benefits.map { benefit in
                     Benefit(id: benefit.id, name: benefit.name, description: benefit.description, value: amount(benefit.value),
                             frequency: benefit.frequency.rawValue, category: benefit.category.rawValue, merchant: benefit.merchant,
                             resetDayOfMonth: benefit.resetDayOfMonth, annualValue: amount(benefit.annualValue))
                 })
        }
        if json.enabled { return try printJSON(cards) }
        print("Card templates, data version \(catalog.dataVersion.forTerminal):\n")
        for card in catalog.cards {
            let fee = card.annualFee.map { ", fee \(money($0))" } ?? ""
            print("\(card.name.forTerminal) (\(card.issuer.forTerminal)\(fee)), \(money(card.totalAnnualValue)) a year\(card.isActive ? "" : ", retired")")
            var table = Table("benefit", "value", "frequency", "a year", rightAligned: [1, 3])
            for benefit in card.benefits {
                table.add(benefit.name, money(benefit.value), benefit.frequencyDescription, money(benefit.annualValue))
            }
            print(table.render() + "\n")
        }
    }
}

struct SyncTemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-templates", abstract: "Bring the wallet's cards up to date with a newer template file.",
        discussion: """
            Give the newer file with --templates FILE. Cards gain the benefits their template gained; \
            benefits it no longer lists, and all those of a card no longer in the file, become inactive, \
            keeping their history; nicknames and custom names and values are kept. A retired benefit \
            the file lists again is active again, so syncing the right file undoes a wrong one. \
            A file older (by its dataVersion) than the one last synced is refused, and so is a file \
            that would retire every benefit of the wallet.
            """)
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        let wallet = try options.open(changing: true)
        let now = try options.now()
        let old = try CardDatabase.bundled(now: now)
        let file = options.templatesPath.map { TerminalText.quoted($0) } ?? "The bundled template file"
        let result: TemplateMergeResult
        do {
            result = try TemplateVersionManager().mergeTemplates(
                existingCards: try wallet.cards(), newTemplates: wallet.catalog.cards, oldTemplates: old.cards,
                context: wallet.context, calendar: wallet.calendar, now: now,
                dataVersion: wallet.catalog.dataVersion, baseVersion: old.dataVersion)
        } catch let error as TemplateSyncError {
            let message = error.errorDescription ?? ""
            throw ToolError(message.replacingOccurrences(of: "The template file", with: options.templatesPath == nil ? file : "The template file \(file)"))
        }
        if json.enabled { return try printJSON(result) }
        let cards = result.cardsRetired == 0 ? "" : "; \(counted(result.cardsRetired, "card")) no longer in the catalog"
        let restored = result.benefitsRestored == 0 ? "" : ", \(result.benefitsRestored) back in the catalog and active again"
        print("Templates \(wallet.catalog.dataVersion.forTerminal): \(counted(result.benefitsAdded, "benefit")) added, "
              + "\(result.benefitsRetired) retired\(restored)\(cards).")
    }
}
