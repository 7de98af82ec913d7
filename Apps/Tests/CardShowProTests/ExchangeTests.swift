import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Export and import")
struct ExchangeTests {
    /// Cards using every hostile string somewhere a dealer types text.
    func hostileCards() -> [InventoryCard] {
        hostileStrings.enumerated().map { index, text in
            // Names are one line (`NameLineBreak`): their tabs and line breaks are spaces here; every other field keeps them.
            let name = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\t" || $0.isNewline }).joined(separator: " ")
            let card = InventoryCard(name: name, setName: "Set \(name)", cardNumber: "\(index)/\(text)", variant: text,
                                     condition: CardCondition.allCases[index % 5], marketValue: Double(index) * 10.25 + 0.1,
                                     purchaseCost: index.isMultiple(of: 2) ? nil : Double(index) * 3.33,
                                     acquiredDate: day(Double(-index)))
            card.notes = text
            card.acquiredFrom = text
            card.tags = [text, "plain", "semi;colon"]
            card.certNumber = text
            return card
        }
    }

    func roundTrip(_ format: ExchangeFormat) throws {
        let source = try makeContext()
        let cards = hostileCards()
        try InventoryService(context: source).add(cards)
        let data = try InventoryExchange(context: source).export(format: format)

        let target = try makeContext()
        let result = try InventoryExchange(context: target).importData(data, format: format)
        #expect(result.inserted == cards.count)
        let imported = Dictionary(uniqueKeysWithValues: try storedCards(target.container).map { ($0.id, $0) })
        for card in cards {
            let copy = try #require(imported[card.id])
            #expect(copy.name == card.name)
            #expect(copy.setName == card.setName)
            #expect(copy.cardNumber == card.cardNumber)
            #expect(copy.variant == card.variant)
            #expect(copy.condition == card.condition)
            #expect(copy.marketValue == card.marketValue)
            #expect(copy.purchaseCost == card.purchaseCost)
            #expect(copy.acquiredDate == card.acquiredDate)
            #expect(copy.notes == card.notes)
            #expect(copy.acquiredFrom == card.acquiredFrom)
            #expect(copy.tags == card.tags)
            #expect(copy.certNumber == card.certNumber)
        }
    }

    @Test func jsonRoundTripKeepsHostileStrings() throws {
        try roundTrip(.json)
    }

    @Test func csvRoundTripKeepsHostileStrings() throws {
        try roundTrip(.csv)
    }

    @Test func aTextASpreadsheetWouldTakeForAFormulaIsExportedAfterAnApostropheAndImportedAsItWas() throws {
        let source = try makeContext()
        let names = ["=HYPERLINK(\"http://example.com\")", "+1 Promo", "-5 Off", "@home", "'=Quoted", "Plain"]
        let cards = names.map { name in
            let card = card(name, value: 1)
            card.notes = name
            return card
        }
        try InventoryService(context: source).add(cards)
        let csv = String(decoding: try InventoryExchange(context: source).export(format: .csv), as: UTF8.self)
        for line in ["\"'=HYPERLINK(\"\"http://example.com\"\")\"", "'+1 Promo,", "'-5 Off,", "'@home,", "''=Quoted,", "\r\nPlain,"] {
            #expect(csv.contains(line), "\(line) in \(csv)")
        }
        let target = try makeContext()
        #expect(try InventoryExchange(context: target).importData(Data(csv.utf8), format: .csv).inserted == names.count)
        let imported = try storedCards(target.container)
        #expect(Set(imported.map(\.name)) == Set(names))
        #expect(Set(imported.compactMap(\.notes)) == Set(names))
    }

    @Test func jsonHasTheSeedsShapeAndIsoDates() throws {
        let context = try makeContext()
        try InventoryService(context: context).add(card("Pikachu", value: 12.5, cost: 2, acquired: referenceDate))
        let data = try InventoryExchange(context: context).export(format: .json, exportDate: referenceDate)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? String == "1.0")
        #expect(object["exportDate"] as? String == "2026-01-13T12:00:00Z")
        let first = try #require((object["cards"] as? [[String: Any]])?.first)
        for key in ["name", "setName", "cardNumber", "variant", "condition", "purchaseCost", "marketValue", "acquiredDate"] {
            #expect(first[key] != nil, "\(key)")
        }
        #expect(first["condition"] as? String == "Near Mint")
        #expect(first["acquiredDate"] as? String == "2026-01-13T12:00:00Z")
    }

    @Test func csvStartsWithTheSeedsColumns() throws {
        let context = try makeContext()
        try InventoryService(context: context).add(card())
        let csv = String(decoding: try InventoryExchange(context: context).export(format: .csv), as: UTF8.self)
        #expect(csv.hasPrefix("Name,Set,Number,Variant,Condition,Purchase Cost,Market Value,Profit,Acquired Date,"))
    }

    @Test func fileInTheSeedsJsonFormatImports() throws {
        // What the seed's exportInventory() writes: eight fields per card, no IDs.
        let json = """
        {
          "exportDate" : "2026-01-13T12:00:00Z",
          "version" : "1.0",
          "cards" : [
            {
              "name" : "Charizard",
              "setName" : "Base Set",
              "cardNumber" : "4/102",
              "variant" : "Holo",
              "condition" : "Lightly Played",
              "purchaseCost" : 200,
              "marketValue" : 350.5,
              "acquiredDate" : "2025-12-01T18:30:00Z"
            },
            {
              "name" : "Pikachu",
              "setName" : "Jungle",
              "cardNumber" : "60/64",
              "variant" : "Normal",
              "condition" : "Near Mint",
              "marketValue" : 12,
              "acquiredDate" : "2026-01-02T00:00:00Z"
            }
          ]
        }
        """
        let context = try makeContext()
        let result = try InventoryExchange(context: context).importData(Data(json.utf8), format: .json)
        #expect(result.inserted == 2)
        let cards = try context.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(cards[0].condition == .lightlyPlayed && cards[0].purchaseCost == 200 && cards[0].marketValue == 350.5)
        #expect(cards[1].purchaseCost == nil)
        #expect(cards[1].acquiredDate == ISO8601.date(from: "2026-01-02T00:00:00Z"))
    }

    @Test func csvInTheSeedsNineColumnsImports() throws {
        let csv = "Name,Set,Number,Variant,Condition,Purchase Cost,Market Value,Profit,Acquired Date\n"
            + "Charizard,Base Set,4/102,Holo,NM,200.0,350.0,150.0,2025-12-01T18:30:00Z\n"
            + "\"Farfetch'd, Jr.\",Base Set,27/102,Normal,Damaged,,1.5,0.0,2025-12-02\n"
        let context = try makeContext()
        try InventoryExchange(context: context).importData(Data(csv.utf8), format: .csv)
        let cards = try context.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(cards.map(\.name) == ["Charizard", "Farfetch'd, Jr."])
        #expect(cards[1].condition == .damaged && cards[1].purchaseCost == nil)
    }

    @Test func importingAnExportAgainUpdatesCardsInPlaceKeepingTheirSales() throws {
        let context = try makeContext()
        let sold = card("Sold", value: 10)
        try InventoryService(context: context).add([sold, card("Kept", value: 20)])
        try SalesService(context: context).recordSale(of: sold, price: 12, platform: "eBay")
        let exchange = InventoryExchange(context: context)
        let data = try exchange.export(format: .json)
        let result = try exchange.importData(data, format: .json)
        #expect(result.inserted == 0 && result.updated == 2)

        let fresh = ModelContext(context.container)
        let cards = try fresh.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(cards.count == 2)
        #expect(cards[1].sales?.count == 1)
        #expect(cards[1].status == .sold)
    }

    @Test func anImportOfMoreIDsThanAreLookedUpOneByOneStillUpdatesTheCardsItFinds() throws {
        let context = try makeContext()
        let count = CardImporter.largestLookupByID + 1
        try InventoryService(context: context).add((0..<count).map { card("Card \($0)", value: 1) })
        let exchange = InventoryExchange(context: context)
        let data = try exchange.export(format: .json)
        let result = try exchange.importData(data, format: .json)
        #expect(result.inserted == 0 && result.updated == count)
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<InventoryCard>()) == count)
    }

    @Test func importReportsProgressToTheEnd() throws {
        let source = try makeContext()
        try InventoryService(context: source).add((0..<50).map { card("Card \($0)") })
        let data = try InventoryExchange(context: source).export(format: .csv)
        var last: (Int, Int) = (0, 0)
        try InventoryExchange(context: try makeContext()).importData(data, format: .csv) { done, total in last = (done, total) }
        #expect(last.0 == last.1 && last.1 > 0)
    }

    @Test func importReportsWantsTheNewCardsSatisfy() throws {
        let context = try makeContext()
        let contact = try ContactService(context: context).add(Contact(name: "Ash", role: .customer))
        try ContactService(context: context).addWant(WantListItem(cardName: "Charizard"), to: contact)
        let csv = "Name,Set,Number,Market Value\nCharizard,Base Set,4/102,300\n"
        let result = try InventoryExchange(context: context).importData(Data(csv.utf8), format: .csv)
        #expect(result.matches.map { $0.contact?.name } == ["Ash"])
    }

    @Test func importNotMatchingTheWantListNamesNoWantsAndStillImports() throws {
        let context = try makeContext()
        let contact = try ContactService(context: context).add(Contact(name: "Ash", role: .customer))
        try ContactService(context: context).addWant(WantListItem(cardName: "Charizard"), to: contact)
        let csv = "Name,Set,Number,Market Value\nCharizard,Base Set,4/102,300\n"
        let result = try InventoryExchange(context: context).importData(Data(csv.utf8), format: .csv, matchingWantList: false)
        #expect(result.matches.isEmpty)
        #expect(result.inserted == 1)
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<InventoryCard>()) == 1)
    }

    @Test func importReturnsTheSavedCardsInTheFilesOrder() throws {
        let context = try makeContext()
        let csv = "Name,Set,Number,Market Value\nPikachu,Base Set,58/102,5\nBulbasaur,Base Set,44/102,2\nMew,Promo,8,40\n"
        let result = try InventoryExchange(context: context).importData(Data(csv.utf8), format: .csv)
        #expect(result.cards.map(\.name) == ["Pikachu", "Bulbasaur", "Mew"])
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<InventoryCard>())
        #expect(Set(stored.map(\.id)) == Set(result.cards.map(\.id)))
    }

    @Test func importOfANamedCardBesideNewOnesUpdatesTheNamedOneAndInsertsTheRest() throws {
        let context = try makeContext()
        let existing = card("Pikachu", value: 1)
        try InventoryService(context: context).add(existing)
        let csv = "ID,Name,Set,Number,Market Value\n\(existing.id.uuidString),Pikachu,Base Set,58/102,9\n,Mew,Promo,8,40\n"
        let result = try InventoryExchange(context: ModelContext(context.container)).importData(Data(csv.utf8), format: .csv)
        #expect(result.inserted == 1 && result.updated == 1)
        let stored = try ModelContext(context.container).fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored.map(\.name) == ["Mew", "Pikachu"])
        #expect(stored.last?.marketValue == 9)
    }
}
