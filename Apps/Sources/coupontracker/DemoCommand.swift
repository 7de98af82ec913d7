import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill the store with a sample wallet (three cards, some benefits used) and list its benefits.",
        discussion: "Only an empty wallet is filled; otherwise demo lists the benefits.")
    @OptionGroup var options: GlobalOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        let now = try options.now()
        // The check and the filling in one transaction: two demos at once fill the wallet once.
        let filled = try options.creating { wallet -> Bool in
            try wallet.together {
                guard try wallet.cards().isEmpty else { return false }
                try Self.fill(wallet, now: now)
                return true
            }
        }
        // With --json the benefits alone, so that the output is JSON.
        if !json.enabled { print(filled ? "Added a sample wallet.\n" : "The wallet already has cards, so nothing was added.\n") }
        var arguments = ["--store", options.url.path] + (json.enabled ? ["--json"] : [])
        if let nowText = options.nowText { arguments += ["--now", nowText] }
        if let zone = options.timeZoneName { arguments += ["--time-zone", zone] }
        if let templates = options.templatesPath { arguments += ["--templates", templates] }
        try BenefitsCommand.parse(arguments).run()
    }

    /// Three cards of the catalog, with a few benefits already used this period.
    static func fill(_ wallet: Wallet, now: Date) throws {
        let picks: [(String, String?)] = [("Platinum Card", "Travel"), ("Gold Card", "Dining"), ("Sapphire Reserve", nil)]
        // A template file may retire a card of the picks, which no one may add any more.
        let available = picks.filter { name, _ in wallet.catalog.cards.contains { $0.name == name && $0.isActive } }
        var templates: [(CardTemplate, String?)] = []
        for (name, nickname) in available { templates.append((try wallet.cardTemplate(named: name), nickname)) }
        if templates.isEmpty { templates = wallet.catalog.activeCards.prefix(3).map { ($0, nil) } }
        for (template, nickname) in templates {
            let card = try wallet.addCard(from: template, nickname: nickname, now: now)
            // The monthly benefits of each card, but one, are used already.
            let monthly = card.benefits.filter { wallet.frequency(of: $0) == .monthly }.sorted { wallet.name(of: $0) < wallet.name(of: $1) }
            for benefit in monthly.dropLast() {
                try wallet.markUsed(benefit, notes: "demo", now: now)
            }
        }
    }
}
