import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

struct CardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cards", abstract: "List the wallet's cards with the value still available on each.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption

    /// A card as the listing prints it with --json, and as the commands that change one print it.
    struct Row: Encodable {
        let id: UUID
        let name: String
        let issuer: String
        let nickname: String?
        let templateId: UUID?
        let isCustom: Bool
        let benefits: Int
        let availableValue: String
        let annualFee: String?

        init(_ card: UserCard, wallet: Wallet) throws {
            id = card.id
            name = wallet.name(of: card)
            issuer = wallet.issuer(of: card)
            nickname = card.nickname
            templateId = card.cardTemplateId
            isCustom = card.isCustom
            benefits = card.benefits.filter(\.isActive).count
            availableValue = amount(try wallet.totalAvailableValue(of: card))
            annualFee = wallet.template(of: card)?.annualFee.map(amount)
        }
    }

    func run() throws {
        let wallet = try options.open()
        let rows = try wallet.cards().map { try Row($0, wallet: wallet) }
        try noteResetsDue(wallet, now: try options.now())
        try noteBenefitsOfUnknownTemplates(wallet)
        if json.enabled { return try printJSON(rows) }
        if rows.isEmpty { return print("The wallet is empty. Add a card with `coupontracker add --template NAME`.") }
        var table = Table("id", "card", "issuer", "benefits", "available", rightAligned: [3, 4])
        for row in rows {
            table.add(Wallet.shortID(row.id), row.name, row.issuer, "\(row.benefits)", money(Decimal(string: row.availableValue) ?? 0))
        }
        print(table.render())
    }
}

struct AddCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a card from a template, or a custom card.",
        discussion: "A template card gets every benefit of its template, each in its current period.")
    @OptionGroup var options: GlobalOptions
    @Option(name: .customLong("template"), help: "The template's name or id (see `coupontracker templates`).") var template: String?
    @Option(name: .customLong("custom"), help: "The name of a card that has no template.") var custom: String?
    @Option(help: "The custom card's issuer.") var issuer: String?
    @Option(help: "The custom card's color, #RRGGBB.") var color: String?
    @Option(help: "Your name for the card, such as Personal or Business.") var nickname: String?
    @OptionGroup var json: JSONOption

    func validate() throws {
        if (template == nil) == (custom == nil) { throw ArgumentParser.ValidationError("Give either --template NAME or --custom NAME.") }
        if template != nil, issuer != nil || color != nil { throw ArgumentParser.ValidationError("--issuer and --color are for a custom card.") }
    }

    func run() throws {
        let now = try options.now()
        let catalog = try options.catalog()
        if let template {
            try Wallet.checkNewCard(from: Wallet.cardTemplate(named: template, in: catalog), nickname: nickname)
        } else {
            try Wallet.checkNewCustomCard(name: custom ?? "", issuer: issuer, colorHex: color, nickname: nickname)
        }
        let (wallet, card) = try options.creating { wallet -> (Wallet, UserCard) in
            if let template {
                return (wallet, try wallet.addCard(from: wallet.cardTemplate(named: template), nickname: nickname, now: now))
            }
            return (wallet, try wallet.addCustomCard(name: custom ?? "", issuer: issuer, colorHex: color, nickname: nickname, now: now))
        }
        if json.enabled { return try printJSON(try CardsCommand.Row(card, wallet: wallet)) }
        print("Added \(wallet.name(of: card).forTerminal) (\(Wallet.shortID(card.id))) with \(card.benefits.count) benefit\(card.benefits.count == 1 ? "" : "s").")
    }
}

struct AddBenefitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add-benefit", abstract: "Add a benefit of your own to a card.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The card (its name, nickname or id).") var card: String
    @Option(help: "The benefit's name.") var name: String
    @Option(parsing: .unconditional, help: "Its value each period, such as 15 or 9.99.") var value: String
    @Option(help: "monthly, quarterly, semi-annual or annual (as the listings show them, in any case).") var frequency: String
    @Option(name: .customLong("description"), help: "A description.") var details: String?
    @OptionGroup var json: JSONOption

    func run() throws {
        guard let parsed = AmountText.decimal(value) else {
            throw ToolError("'\(value)' is not an amount: write a benefit's value from 0 to 999,999.99 each period, like 15 or 9.99.")
        }
        guard Wallet.values.contains(parsed) else {
            throw ToolError("'\(value)' is not a benefit's value: it is from 0 to 999,999.99 each period, like 15 or 9.99.")
        }
        guard let frequency = BenefitFrequency(typed: frequency) else {
            throw ToolError("'\(frequency)' is not a frequency: use monthly, quarterly, semi-annual or annual.")
        }
        let wallet = try options.open(changing: true)
        let now = try options.now()
        let benefit = try wallet.addCustomBenefit(to: wallet.card(named: card), name: name, value: parsed, frequency: frequency,
                                                  description: details, now: now)
        if json.enabled { return try printJSON(BenefitRow(benefit, wallet: wallet, now: now)) }
        print("Added \(wallet.name(of: benefit).forTerminal) (\(Wallet.shortID(benefit.id))), \(money(wallet.value(of: benefit))) \(frequency.displayName.lowercased()), until \(wallet.day(benefit.currentPeriodEnd)).")
    }
}

struct RenameCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Change a card's nickname, or a custom card's name.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The card (its name, nickname or id).") var card: String
    @Option(help: "A custom card's name.") var name: String?
    @Option(help: "Your name for the card (empty removes it).") var nickname: String?
    @OptionGroup var json: JSONOption

    func validate() throws {
        if name == nil && nickname == nil { throw ArgumentParser.ValidationError("Give --name NAME (a custom card's) or --nickname NICKNAME, or both.") }
    }

    func run() throws {
        let wallet = try options.open(changing: true)
        let found = try wallet.card(named: card)
        let now = try options.now()
        try wallet.rename(found, customName: name, nickname: nickname, now: now)
        if json.enabled { return try printJSON(try CardsCommand.Row(found, wallet: wallet)) }
        print("Renamed the card \(Wallet.shortID(found.id)): \(wallet.name(of: found).forTerminal).")
    }
}

struct RemoveCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a card, with its benefits and their history.")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The card (its name, nickname or id).") var card: String
    @OptionGroup var json: JSONOption

    func run() throws {
        let wallet = try options.open(changing: true)
        let found = try wallet.card(named: card)
        let name = wallet.name(of: found)
        let removed = try CardsCommand.Row(found, wallet: wallet)
        try wallet.remove(found)
        if json.enabled { return try printJSON(removed) }
        print("Removed \(name.forTerminal).")
    }
}
