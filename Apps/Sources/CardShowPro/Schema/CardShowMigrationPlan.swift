import Foundation
import OpenSwiftData

/// The schema history: every step only adds entities, optional attributes and
/// optional relationships (the one to version 7 an inverse of one that was there); the
/// one to version 5 also fills its new attributes from what the store already holds.
public enum CardShowMigrationPlan: SchemaMigrationPlan {
    public static var schemas: [any VersionedSchema.Type] {
        [SchemaV1.self, SchemaV2.self, SchemaV3.self, SchemaV4.self, SchemaV5.self, SchemaV6.self, SchemaV7.self]
    }

    public static var stages: [MigrationStage] {
        [migrateV1toV2, migrateV2toV3, migrateV3toV4, migrateV4toV5, migrateV5toV6, migrateV6toV7]
    }

    /// Vendor mode: events and trades; card tags.
    public static let migrateV1toV2 = MigrationStage.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)
    /// CRM: contacts and want lists; sale buyers.
    public static let migrateV2toV3 = MigrationStage.lightweight(fromVersion: SchemaV2.self, toVersion: SchemaV3.self)
    /// Grading submissions.
    public static let migrateV3toV4 = MigrationStage.lightweight(fromVersion: SchemaV3.self, toVersion: SchemaV4.self)
    /// Sales keep their cost basis and card name: recorded from the card each sale
    /// still holds.
    public static let migrateV4toV5 = MigrationStage.custom(
        fromVersion: SchemaV4.self, toVersion: SchemaV5.self, willMigrate: nil,
        didMigrate: { context in
            for sale in try context.fetch(FetchDescriptor<SchemaV5.SalesHistory>()) {
                guard let card = sale.card else { continue }
                sale.costBasis = card.purchaseCost
                sale.cardName = "\(card.name) #\(card.cardNumber)"
            }
            try context.save()
        })

    /// The sync client's notes.
    public static let migrateV5toV6 = MigrationStage.lightweight(fromVersion: SchemaV5.self, toVersion: SchemaV6.self)

    /// Each card knows the events it was brought to: the event's cards stay as they were.
    public static let migrateV6toV7 = MigrationStage.lightweight(fromVersion: SchemaV6.self, toVersion: SchemaV7.self)
}
