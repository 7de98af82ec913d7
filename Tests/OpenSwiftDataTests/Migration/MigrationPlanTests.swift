import Foundation
import OpenSwiftData
import Testing

/// Migration plans: stages run in order from the stored version to the current
/// one, custom stages see the old and new models, run once, and a stage that
/// throws leaves the store as it was.
@Suite struct MigrationPlanTests {
    @Test func seed000StoreWrittenByV1OpensUnderV4ThroughThePlan() throws {
        let store = try MigrationTestStore()
        let day = Date(timeIntervalSinceReferenceDate: 700_000_000)
        var cardIDs: [String: UUID] = [:]
        try store.with(Schema(versionedSchema: CardShowV1.self)) { context in
            let charizard = CardShowV1.InventoryCard(name: "Charizard", setName: "Base", cardNumber: "4/102", marketValue: 350,
                                                     purchaseCost: 120, notes: "psa 9", acquiredDate: day)
            let pikachu = CardShowV1.InventoryCard(name: "Pikachu", setName: "Jungle", cardNumber: "60/64", condition: .lightlyPlayed,
                                                   marketValue: 4.5, acquiredDate: day.addingTimeInterval(86_400))
            let blastoise = CardShowV1.InventoryCard(name: "Blastoise", setName: "Base", cardNumber: "2/102", condition: .damaged,
                                                     marketValue: 90, notes: "crease", acquiredDate: day)
            for card in [charizard, pikachu, blastoise] { context.insert(card) }
            let first = CardShowV1.SalesHistory(salePrice: 300, platformFees: 39, platform: "eBay", date: day)
            let second = CardShowV1.SalesHistory(salePrice: 5, platformFees: 0, platform: "In-Person", date: day)
            first.card = charizard
            second.card = pikachu
            context.insert(first)
            context.insert(second)
            context.insert(CardShowV1.CachedPrice(cardId: "base1-4", marketPrice: 351, lowPrice: 200, highPrice: 500, timestamp: day, source: "PokemonTCG.io"))
            context.insert(CardShowV1.CachedPrice(cardId: "jungle-60", marketPrice: 4.4, lowPrice: 1, highPrice: 9, timestamp: day, source: "TCGDex"))
            try context.save()
            cardIDs = Dictionary(uniqueKeysWithValues: [charizard, pikachu, blastoise].map { ($0.name, $0.id) })
        }

        // Opened the way apps do: with the root model and the plan.
        let recorder = StageRecorder()
        try recorder.during {
            let container = try ModelContainer(for: CardShowV4.InventoryCard.self, migrationPlan: CardShowMigrationPlan.self,
                                               configurations: store.configuration)
            #expect(try ModelContext(container).fetchCount(FetchDescriptor<CardShowV4.InventoryCard>()) == 3)
        }
        #expect(recorder.events == ["didMigrate 3 → 4"])
        #expect(try store.recordedVersion() == "4.0.0")
        #expect(!store.hasBackup)

        try store.with(Schema(versionedSchema: CardShowV4.self), plan: CardShowMigrationPlan.self) { context in
            let cards = Dictionary(uniqueKeysWithValues: try context.fetch(FetchDescriptor<CardShowV4.InventoryCard>()).map { ($0.name, $0) })
            let charizard = try #require(cards["Charizard"])
            #expect(charizard.id == cardIDs["Charizard"])
            #expect(charizard.setName == "Base" && charizard.cardNumber == "4/102" && charizard.variant == "Normal")
            #expect(charizard.condition == .nearMint && charizard.purchaseCost == 120 && charizard.marketValue == 350)
            #expect(charizard.acquiredDate == day && charizard.notes == "psa 9" && charizard.tags.isEmpty)
            #expect(charizard.isGraded && charizard.gradingCompany == "PSA" && charizard.grade == 9)
            let pikachu = try #require(cards["Pikachu"])
            #expect(pikachu.id == cardIDs["Pikachu"] && pikachu.condition == .lightlyPlayed && pikachu.marketValue == 4.5)
            #expect(pikachu.purchaseCost == nil && pikachu.notes == nil && !pikachu.isGraded && pikachu.grade == nil)
            #expect(pikachu.acquiredDate == day.addingTimeInterval(86_400))
            let blastoise = try #require(cards["Blastoise"])
            #expect(blastoise.condition == .damaged && blastoise.notes == "crease" && !blastoise.isGraded)

            let sales = try context.fetch(FetchDescriptor<CardShowV4.SalesHistory>(sortBy: [SortDescriptor(\.salePrice)]))
            #expect(sales.map(\.salePrice) == [5, 300])
            #expect(sales.map(\.platform) == ["In-Person", "eBay"])
            #expect(sales.map(\.netProfit) == [5, 261])
            #expect(sales.map(\.shippingCost) == [0, 0])
            #expect(sales.map { $0.card?.name } == ["Pikachu", "Charizard"])
            #expect(sales.allSatisfy { $0.event == nil && $0.date == day })
            #expect(charizard.sales?.map(\.salePrice) == [300])

            let prices = try context.fetch(FetchDescriptor<CardShowV4.CachedPrice>(sortBy: [SortDescriptor(\.cardId)]))
            #expect(prices.map(\.cardId) == ["base1-4", "jungle-60"])
            #expect(prices.map(\.marketPrice) == [351, 4.4] && prices.map(\.highPrice) == [500, 9])
            #expect(prices.map(\.source) == ["PokemonTCG.io", "TCGDex"] && prices.allSatisfy { $0.timestamp == day })

            // The entities V2, V3 and V4 add work with the migrated ones.
            let show = CardShowV4.Event(name: "Phoenix Card Show", date: day, location: "Phoenix")
            context.insert(show)
            show.sales = [sales[1]]
            show.inventory = [charizard, blastoise]
            let trade = CardShowV4.TradeHistory(myCardsTotal: 90, theirCardsTotal: 100)
            context.insert(trade)
            trade.cardsTraded = [blastoise]
            let contact = CardShowV4.Contact(name: "Ash", role: .customer)
            context.insert(contact)
            contact.wantList = [CardShowV4.WantListItem(cardName: "Mew", priority: .high)]
            contact.purchases = [sales[0]]
            let submission = CardShowV4.GradingSubmission(company: .psa, totalCost: 25)
            context.insert(submission)
            submission.cards = [pikachu]
            try context.save()
        }

        try store.with(Schema(versionedSchema: CardShowV4.self), plan: CardShowMigrationPlan.self) { (context) throws in
            let show = try #require(try context.fetch(FetchDescriptor<CardShowV4.Event>()).first)
            #expect(show.sales?.map(\.salePrice) == [300])
            #expect(show.sales?.first?.card?.name == "Charizard")
            #expect(Set(show.inventory?.map(\.name) ?? []) == ["Charizard", "Blastoise"])
            #expect(try context.fetch(FetchDescriptor<CardShowV4.TradeHistory>()).first?.cardsTraded?.map(\.name) == ["Blastoise"])
            let contact = try #require(try context.fetch(FetchDescriptor<CardShowV4.Contact>()).first)
            #expect(contact.wantList?.map(\.cardName) == ["Mew"] && contact.priority == .medium)
            #expect(contact.purchases?.map(\.platform) == ["In-Person"])
            #expect(try context.fetch(FetchDescriptor<CardShowV4.GradingSubmission>()).first?.cards?.map(\.name) == ["Pikachu"])
            #expect(try context.fetchCount(FetchDescriptor<CardShowV4.InventoryCard>()) == 3)
        }
    }

    @Test func storeAtAnIntermediateVersionRunsOnlyTheRemainingStages() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardShowV3.self)) { context in
            let card = CardShowV3.InventoryCard(name: "Mew")
            card.notes = "bgs 10"
            context.insert(card)
            context.insert(CardShowV3.Contact(name: "Misty", role: .vendor))
            try context.save()
        }
        let recorder = StageRecorder()
        try recorder.during {
            try store.with(Schema(versionedSchema: CardShowV4.self), plan: CardShowMigrationPlan.self) { (context) throws in
                let card = try #require(try context.fetch(FetchDescriptor<CardShowV4.InventoryCard>()).first)
                #expect(card.gradingCompany == "BGS" && card.grade == 10)
                #expect(try context.fetch(FetchDescriptor<CardShowV4.Contact>()).map(\.name) == ["Misty"])
            }
        }
        #expect(recorder.events == ["didMigrate 3 → 4"])
    }

    @Test func customStageFillsANewAttributeFromOldOnesOnceAndNotOnTheNextOpen() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: PeopleV1.self)) { context in
            context.insert(PeopleV1.Person(first: "Ada", last: "Lovelace"))
            context.insert(PeopleV1.Person(first: "Alan", last: "Turing"))
            try context.save()
        }
        let first = StageRecorder()
        try first.during {
            try store.with(Schema(versionedSchema: PeopleV2.self), plan: FullNamePlan.self) { context in
                let people = try context.fetch(FetchDescriptor<PeopleV2.Person>(sortBy: [SortDescriptor(\.first)]))
                #expect(people.map(\.fullName) == ["Ada Lovelace", "Alan Turing"])
                people[0].fullName = "Ada King, Countess of Lovelace"
                try context.save()
            }
        }
        #expect(first.events == ["didMigrate"])
        let second = StageRecorder()
        try second.during {
            try store.with(Schema(versionedSchema: PeopleV2.self), plan: FullNamePlan.self) { (context) throws in
                let people = try context.fetch(FetchDescriptor<PeopleV2.Person>(sortBy: [SortDescriptor(\.first)]))
                #expect(people.map(\.fullName) == ["Ada King, Countess of Lovelace", "Alan Turing"])
            }
        }
        #expect(second.events.isEmpty)
    }

    @Test func batchUpdateInACustomStageRunsInsideTheMigration() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: PeopleV1.self)) { context in
            context.insert(PeopleV1.Person(first: "Ada", last: "Lovelace"))
            try context.save()
        }
        try store.with(Schema(versionedSchema: PeopleV2.self), plan: BatchUpdatePlan.self) { context in
            let people = try context.fetch(FetchDescriptor<PeopleV2.Person>())
            #expect(people.map(\.fullName) == ["unknown"])
        }
    }

    @Test func willMigrateSeesTheOldModelsAndCanRemoveDuplicatesBeforeAUniqueConstraint() throws {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models) { context in
            try CardsV1.seed(context)
            context.insert(CardsV1.Card(name: "Pikachu", setName: "Promo", price: 40))
            try context.save()
        }
        let recorder = StageRecorder()
        try recorder.during {
            try store.with(Schema(versionedSchema: AddUniqueSchema.self), plan: DeduplicatePlan.self) { (context) throws in
                let cards = try context.fetch(FetchDescriptor<AddUnique.Card>())
                #expect(cards.count == 3)
                #expect(cards.first { $0.name == "Pikachu" }?.setName == "Promo")
            }
        }
        #expect(recorder.events == ["willMigrate saw 4 CardsV1.Card", "didMigrate saw 3 AddUnique.Card"])
    }

    @Test func typeChangeGoesThroughACustomStage() throws {
        let store = try MigrationTestStore()
        try store.with(CardsV1.models, CardsV1.seed)
        try StageRecorder().during {
            try store.with(Schema(versionedSchema: PriceAsTextSchema.self), plan: PriceAsTextPlan.self) { (context) throws in
                let prices = Dictionary(uniqueKeysWithValues: try context.fetch(FetchDescriptor<PriceAsText.Card>()).map { ($0.name, $0.price) })
                #expect(prices == ["Charizard": "$350.50", "Pikachu": "$12.25", "Mewtwo": "$80.00"])
            }
        }
        #expect(try store.inspect { db in try String.fetchOne(db, sql: "SELECT type FROM pragma_table_info('Card') WHERE name = 'price'") } == "TEXT")
    }

    @Test func stagesRunInOrderWithEachSideOfTheStageSeeingItsOwnModels() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1.self), CardsV1.seed)
        let recorder = StageRecorder()
        try recorder.during {
            try store.with(Schema(versionedSchema: CardsV3Schema.self), plan: TwoStagePlan.self) { _ in }
        }
        #expect(recorder.events == [
            "will 1→2: 3 V1 cards",
            "did 1→2: 3 V2 cards",
            "will 2→3: languages [\"en\"]",
            "did 2→3: quantities [1, 1, 1]",
        ])
        #expect(try store.recordedVersion() == "3.0.0")
    }

    @Test func didMigrateThatThrowsLeavesTheStoreByteForByte() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1.self), CardsV1.seed)
        let before = try store.files()
        #expect(throws: StageFailure()) {
            try store.with(Schema(versionedSchema: CardsV2Schema.self), plan: FailingDidMigratePlan.self) { _ in }
        }
        #expect(try store.files() == before)
        #expect(!store.hasBackup)
        try store.with(Schema(versionedSchema: CardsV1.self)) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
        }
    }

    @Test func willMigrateThatThrowsLeavesTheStoreByteForByte() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1.self), CardsV1.seed)
        let before = try store.files()
        #expect(throws: StageFailure()) {
            try store.with(Schema(versionedSchema: CardsV2Schema.self), plan: FailingWillMigratePlan.self) { _ in }
        }
        #expect(try store.files() == before)
        try store.with(Schema(versionedSchema: CardsV1.self)) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardsV1.Card>()) == 3)
        }
    }

    @Test func aPlanWithoutTheStoresVersionOfItsModelsIsRefused() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardsV1.self), CardsV1.seed)
        let before = try store.files()
        #expect {
            try store.with(Schema(versionedSchema: CardsV3Schema.self), plan: PlanFromVersionTwo.self) { _ in }
        } throws: { error in
            error as? SwiftDataError == .unknownSchema
                && OpenSwiftDataError(explaining: error)?.description.contains("none of the migration plan's versions") == true
        }
        #expect(try store.files() == before)
    }

    @Test func aPlanForOtherModelsRefusesTheStoreNamingItsModels() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: PeopleV1.self)) { context in
            context.insert(PeopleV1.Person(first: "Grace", last: "Hopper"))
            try context.save()
        }
        let before = try store.files()
        #expect {
            try store.with(Schema(versionedSchema: CardShowV4.self), plan: CardShowMigrationPlan.self) { _ in }
        } throws: { error in
            guard error as? SwiftDataError == .unknownSchema,
                  case let .storeHoldsOtherData(_, names) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return names == ["Person"]
        }
        #expect(try store.files() == before)
    }

    @Test func anotherAppsStoreWithAModelOfTheSameNameIsRefusedAsAnotherAppsData() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: TrackerV1.self), TrackerV1.seed)
        let before = try store.files()
        #expect {
            try store.with(Schema(versionedSchema: CardShowV4.self), plan: CardShowMigrationPlan.self) { _ in }
        } throws: { error in
            guard error as? SwiftDataError == .unknownSchema,
                  case let .storeHoldsOtherData(_, names) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return names == ["Event", "EventType"]
        }
        #expect(try store.files() == before)
    }

    @Test func aModelOfTheSameNameFromAnotherAppIsNotMigratedWithoutAPlan() throws {
        let store = try MigrationTestStore()
        try store.with(Schema(versionedSchema: CardShowV4.self)) { context in
            context.insert(CardShowV4.Event(name: "Spring Show", date: Date(timeIntervalSince1970: 1_700_000_000), location: "Hall A"))
            try context.save()
        }
        let before = try store.files()
        #expect {
            try store.with(Schema(versionedSchema: TrackerV1.self)) { _ in }
        } throws: { error in
            guard case let .storeHoldsOtherData(_, names) = OpenSwiftDataError(explaining: error)?.kind else { return false }
            return names.contains("Event") && names.contains("InventoryCard")
        }
        #expect(try store.files() == before)
        try store.with(Schema(versionedSchema: CardShowV4.self)) { (context) throws in
            #expect(try context.fetchCount(FetchDescriptor<CardShowV4.Event>()) == 1)
        }
    }
}

/// A plan that starts after `CardsV1`: a store of version 1 is none of its versions.
enum PlanFromVersionTwo: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV2Schema.self, CardsV3Schema.self] }
    static var stages: [MigrationStage] { [] }
}
