import Foundation
import OpenSwiftData

// Versioned schemas and plans with custom stages. Their code reports to the
// running test's `StageRecorder`.

enum PeopleV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Person.self] }

    @Model
    final class Person {
        var first: String
        var last: String
        init(first: String, last: String) { self.first = first; self.last = last }
    }
}

enum PeopleV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Person.self] }

    @Model
    final class Person {
        var first: String
        var last: String
        var fullName: String = ""
        init(first: String, last: String) { self.first = first; self.last = last }
    }
}

/// Fills the new `fullName` from the old `first` and `last`.
enum FullNamePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [PeopleV1.self, PeopleV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: PeopleV1.self, toVersion: PeopleV2.self, willMigrate: nil, didMigrate: { context in
            StageRecorder.current?.record("didMigrate")
            for person in try context.fetch(FetchDescriptor<PeopleV2.Person>()) {
                person.fullName = "\(person.first) \(person.last)"
            }
            try context.save()
        })]
    }
}

/// Fills the new `fullName` with one batch update, inside the migration's transaction.
enum BatchUpdatePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [PeopleV1.self, PeopleV2.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: PeopleV1.self, toVersion: PeopleV2.self, willMigrate: nil, didMigrate: { context in
            try context.update(PeopleV2.Person.self, set: [.set(\.fullName, to: "unknown")])
        })]
    }
}

enum AddUniqueSchema: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { AddUnique.models }
}

/// Removes duplicate names in willMigrate, on the old models, before V2 makes
/// names unique.
enum DeduplicatePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, AddUniqueSchema.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: CardsV1.self, toVersion: AddUniqueSchema.self, willMigrate: { context in
            var seen: Set<String> = []
            let cards = try context.fetch(FetchDescriptor<CardsV1.Card>(sortBy: [SortDescriptor(\.price, order: .reverse)]))
            StageRecorder.current?.record("willMigrate saw \(cards.count) CardsV1.Card")
            for card in cards where !seen.insert(card.name).inserted { context.delete(card) }
            try context.save()
        }, didMigrate: { context in
            let count = try context.fetchCount(FetchDescriptor<AddUnique.Card>())
            StageRecorder.current?.record("didMigrate saw \(count) AddUnique.Card")
        })]
    }
}

enum PriceAsTextSchema: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { PriceAsText.models }
}

/// `price` changes from Double to String: willMigrate reads the old values,
/// didMigrate writes the new ones.
enum PriceAsTextPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, PriceAsTextSchema.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: CardsV1.self, toVersion: PriceAsTextSchema.self, willMigrate: { context in
            for card in try context.fetch(FetchDescriptor<CardsV1.Card>()) {
                StageRecorder.current?[card.name] = String(format: "$%.2f", card.price)
            }
        }, didMigrate: { context in
            for card in try context.fetch(FetchDescriptor<PriceAsText.Card>()) {
                card.price = StageRecorder.current?[card.name] ?? "?"
            }
            try context.save()
        })]
    }
}

enum CardsV3Schema: VersionedSchema {
    static let versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { AddDefaultedAttributes.models }
}

/// Two custom stages, each reporting what its contexts see.
enum TwoStagePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, CardsV2Schema.self, CardsV3Schema.self] }
    static var stages: [MigrationStage] {
        [
            .custom(fromVersion: CardsV1.self, toVersion: CardsV2Schema.self, willMigrate: { context in
                StageRecorder.current?.record("will 1→2: \(try context.fetchCount(FetchDescriptor<CardsV1.Card>())) V1 cards")
            }, didMigrate: { context in
                let cards = try context.fetch(FetchDescriptor<AddOptionalAttribute.Card>())
                StageRecorder.current?.record("did 1→2: \(cards.count) V2 cards")
                for card in cards { card.language = "en" }
            }),
            .custom(fromVersion: CardsV2Schema.self, toVersion: CardsV3Schema.self, willMigrate: { context in
                let languages = Set(try context.fetch(FetchDescriptor<AddOptionalAttribute.Card>()).map(\.language))
                StageRecorder.current?.record("will 2→3: languages \(languages.map { $0 ?? "nil" }.sorted())")
            }, didMigrate: { context in
                let quantities = try context.fetch(FetchDescriptor<AddDefaultedAttributes.Card>()).map(\.quantity)
                StageRecorder.current?.record("did 2→3: quantities \(quantities)")
            }),
        ]
    }
}

struct StageFailure: Error, Equatable {}

/// Saves changes in didMigrate, then throws.
enum FailingDidMigratePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, CardsV2Schema.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: CardsV1.self, toVersion: CardsV2Schema.self, willMigrate: nil, didMigrate: { context in
            for card in try context.fetch(FetchDescriptor<AddOptionalAttribute.Card>()) { card.language = "fr" }
            try context.save()
            throw StageFailure()
        })]
    }
}

/// Deletes a card in willMigrate, saves, then throws.
enum FailingWillMigratePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, CardsV2Schema.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: CardsV1.self, toVersion: CardsV2Schema.self, willMigrate: { context in
            if let card = try context.fetch(FetchDescriptor<CardsV1.Card>()).first { context.delete(card) }
            try context.save()
            throw StageFailure()
        }, didMigrate: nil)]
    }
}

/// Records, from inside the migration, whether a copy of the store is beside it.
enum BackupWitnessPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, CardsV2Schema.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: CardsV1.self, toVersion: CardsV2Schema.self, willMigrate: nil, didMigrate: { context in
            let store = (context.container.configurations.first?.url.path ?? "")
            let exists = FileManager.default.fileExists(atPath: store + ".migration-backup")
            StageRecorder.current?.record("backup exists: \(exists)")
        })]
    }
}

/// Saves changes in didMigrate, then the process dies there, as an app killed in
/// the middle of its migration code would.
enum CrashingDidMigratePlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [CardsV1.self, CardsV2Schema.self] }
    static var stages: [MigrationStage] {
        [.custom(fromVersion: CardsV1.self, toVersion: CardsV2Schema.self, willMigrate: nil, didMigrate: { context in
            for card in try context.fetch(FetchDescriptor<AddOptionalAttribute.Card>()) { card.language = "de" }
            try context.save()
            _exit(43)
        })]
    }
}
