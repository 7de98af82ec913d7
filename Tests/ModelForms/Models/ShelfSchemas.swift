import Foundation
import OpenSwiftData

/// The first version of a shelf's schema.
enum ShelfSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Shelf.self] }

    @Model
    final class Shelf {
        var name: String
        init(name: String) { self.name = name }
    }
}

/// The second version: a renamed attribute and a new one, which a custom stage fills.
enum ShelfSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] { [Shelf.self] }

    @Model
    final class Shelf {
        @Attribute(originalName: "name") var label: String
        var letters: Int = 0
        init(label: String) { self.label = label }
    }
}

/// From version 1 to 2 with a custom stage that counts each label's letters.
enum ShelfMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [ShelfSchemaV1.self, ShelfSchemaV2.self] }
    static var stages: [MigrationStage] { [toVersion2] }

    static let toVersion2 = MigrationStage.custom(
        fromVersion: ShelfSchemaV1.self,
        toVersion: ShelfSchemaV2.self,
        willMigrate: nil,
        didMigrate: { context in
            for shelf in try context.fetch(FetchDescriptor<ShelfSchemaV2.Shelf>()) {
                shelf.letters = shelf.label.count
            }
            try context.save()
        }
    )
}
