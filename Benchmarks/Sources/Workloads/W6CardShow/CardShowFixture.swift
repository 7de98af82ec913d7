import Foundation

/// Deterministic CardShow Pro data: 10,000 cards, about 6,000 sales (every other card
/// sold once, every tenth twice), 48 weekly card-show events. Dates are whole
/// seconds (they round-trip exactly through REAL) relative to a fixed "now", the
/// seed document's date, so "this month" and "last 3 months" never drift.
enum CardShowFixture {
    /// 2026-01-13 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_768_305_600)
    static let cardCount = Scale.rows(10_000)
    static let eventCount = 48

    static let pokemon = [
        "Charizard", "Pikachu", "Blastoise", "Venusaur", "Mewtwo", "Gengar", "Charmander", "Charmeleon", "Eevee",
        "Snorlax", "Lugia", "Rayquaza", "Umbreon", "Gyarados", "Dragonite", "Mew", "Lucario", "Greninja", "Sylveon",
        "Bulbasaur", "Squirtle", "Jigglypuff", "Alakazam", "Machamp", "Arcanine", "Lapras", "Ditto", "Vaporeon",
        "Jolteon", "Flareon", "Espeon", "Tyranitar", "Garchomp", "Blaziken", "Sceptile", "Swampert",
    ]
    static let suffixes = ["", "", "", " V", " VMAX", " ex", " GX", " Star"]
    static let sets = [
        "Base Set", "Jungle", "Fossil", "Team Rocket", "Neo Genesis", "Evolving Skies", "Brilliant Stars",
        "Lost Origin", "Silver Tempest", "Crown Zenith", "Paldea Evolved", "Obsidian Flames", "151",
        "Paradox Rift", "Temporal Forces",
    ]
    static let variants = ["Normal", "Normal", "Holo", "Reverse Holo", "Full Art", "Alt Art"]
    static let sources = ["Trade", "Target", "Card Show", "eBay", "Local Game Store", "Collection Buy"]
    static let tagPool = ["Featured", "High Value", "Vintage", "Trade Bait", "PC", "Needs Sleeve"]
    static let gradingCompanies = ["PSA", "BGS", "CGC", "SGC"]
    static let platforms = ["eBay", "TCGPlayer", "In-Person", "Facebook Marketplace"]
    static let cities = ["Phoenix", "Tucson", "Mesa", "Scottsdale", "Tempe", "Chandler", "Flagstaff"]
    static let venues = ["Convention Center Hall B", "Fairgrounds Expo", "Hotel Ballroom", "Community Center", "Mall Atrium"]

    static func make() -> (events: [Event], cards: [InventoryCard], sales: [SalesHistory]) {
        var rng = SplitMix64(seed: 0x5EED_0006)
        let day = 86_400.0
        let nowSeconds = now.timeIntervalSince1970

        var events: [Event] = []
        for k in 0..<eventCount {
            let date = nowSeconds - Double(k * 7 + 3) * day
            let revenue = rng.cents(200, 8000)
            events.append(Event(
                id: rng.uuid(), name: "\(rng.pick(cities)) Card Show #\(eventCount - k)",
                date: Date(timeIntervalSince1970: date), location: rng.pick(venues),
                tableNumber: rng.chance(0.7) ? "T\(rng.int(in: 1...200))" : nil,
                notes: rng.chance(0.2) ? "Corner table, bring extra display cases" : nil,
                isActive: false,
                startTime: Date(timeIntervalSince1970: date + 9 * 3600),
                endTime: Date(timeIntervalSince1970: date + 17 * 3600),
                totalRevenue: revenue, totalProfit: (revenue * 0.35 * 100).rounded() / 100,
                cardsCount: rng.int(in: 50...400), cardsSold: rng.int(in: 5...60)
            ))
        }

        var cards: [InventoryCard] = []
        var sales: [SalesHistory] = []
        cards.reserveCapacity(cardCount)
        for i in 0..<cardCount {
            // Log-uniform values between $0.25 and $2,000: many cheap cards, a long tail.
            let u = Double(rng.next() >> 11) / Double(1 << 53)
            let marketValue = (exp(log(0.25) + u * (log(2000) - log(0.25))) * 100).rounded() / 100
            let acquired = nowSeconds - Double(rng.int(in: 0...730)) * day - Double(rng.int(in: 0...86_399))
            let graded = rng.chance(0.1)
            var tags: [String] = []
            for _ in 0..<rng.int(in: 0...3) {
                let tag = rng.pick(tagPool)
                if !tags.contains(tag) { tags.append(tag) }
            }
            let set = rng.pick(sets)
            let card = InventoryCard(
                id: rng.uuid(),
                name: rng.pick(pokemon) + rng.pick(suffixes),
                setName: set,
                cardNumber: "\(rng.int(in: 1...250))/\(rng.int(in: 100...250))",
                variant: rng.pick(variants),
                condition: rng.pick(CardCondition.allCases),
                purchaseCost: rng.chance(0.85) ? rng.cents(marketValue * 0.3, marketValue * 1.2 + 0.01) : nil,
                marketValue: marketValue,
                lastPriceUpdate: Date(timeIntervalSince1970: nowSeconds - Double(rng.int(in: 0...(30 * 86_400)))),
                acquiredDate: Date(timeIntervalSince1970: acquired),
                acquiredFrom: rng.chance(0.8) ? rng.pick(sources) : nil,
                imageURL: rng.chance(0.6) ? "https://images.cardshow.example/cards/\(i).png" : nil,
                localImagePath: rng.chance(0.2) ? "Library/Caches/CardImages/\(i).jpg" : nil,
                notes: rng.chance(0.1) ? "From collection lot \(rng.int(in: 1...400))" : nil,
                tags: tags,
                isGraded: graded,
                gradingCompany: graded ? rng.pick(gradingCompanies) : nil,
                grade: graded ? rng.int(in: 6...10) : nil,
                certNumber: graded ? String(rng.int(in: 10_000_000...99_999_999)) : nil
            )
            cards.append(card)

            let saleCount = i % 10 == 0 ? 2 : (i % 2 == 0 ? 1 : 0)
            for _ in 0..<saleCount {
                let platform = rng.pick(platforms)
                let price = rng.cents(marketValue * 0.8, marketValue * 1.2 + 0.01)
                let fees = platform == "eBay" || platform == "TCGPlayer" ? (price * 0.1325 * 100).rounded() / 100 : 0
                let shipping = platform == "In-Person" ? 0 : rng.pick([0, 1.05, 4.5])
                let daysHeld = Int((nowSeconds - acquired) / day)
                sales.append(SalesHistory(
                    id: rng.uuid(),
                    date: Date(timeIntervalSince1970: acquired + Double(rng.int(in: 0...daysHeld)) * day),
                    salePrice: price, platformFees: fees, shippingCost: shipping,
                    netProfit: ((price - fees - shipping) * 100).rounded() / 100,
                    platform: platform,
                    buyerName: rng.chance(0.4) ? "\(rng.pick(PeopleFixture.firstNames)) \(rng.pick(PeopleFixture.lastNames))" : nil,
                    notes: rng.chance(0.05) ? "Buyer asked for top loader" : nil,
                    cardID: card.id,
                    eventID: platform == "In-Person" && rng.chance(0.7) ? rng.pick(events).id : nil
                ))
            }
        }
        return (events, cards, sales)
    }
}
