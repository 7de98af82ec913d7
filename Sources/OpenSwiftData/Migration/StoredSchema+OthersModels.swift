import Foundation

extension StoredSchema {
    /// The stored models, when none of them is one of `known`'s (the schema that opens
    /// the store and the schemas of its migration plan): the store of another app (or of
    /// models since renamed without a plan), which a migration would fill with empty tables
    /// beside the data it cannot read, or empty by dropping that data's tables.
    /// A stored model counts as one of the app's when a model of its name in a known schema
    /// has at least half of its properties: two apps may both have an `Event`, but not the
    /// same one. Models every app's schema may hold (``SharedBookkeepingModel``) recognise no
    /// store. Only a schema the store recorded (`recorded`) is compared by properties: one
    /// read from the tables (a store another process is creating this moment) is compared by names.
    package func othersModels(recorded: Bool, known: [Schema]) -> [String]? {
        guard !isEmpty else { return nil }
        let recognised = entities.contains { entity in
            known.contains { schema in
                // A library's model in every app's schema (a sync client's notes) is in
                // every app's stores: it does not make another app's store this one's.
                guard let model = schema.entitiesByName[entity.name], !(model.modelType is any SharedBookkeepingModel.Type) else { return false }
                let names = Set(model.properties.flatMap { property in
                    [property.name, (property as? Schema.Attribute)?.originalName ?? (property as? Schema.Relationship)?.originalName]
                        .compactMap { $0 }
                })
                let theirs = entity.propertyNames
                return !recorded || theirs.isEmpty || 2 * names.intersection(theirs).count >= theirs.count
            }
        }
        return recognised ? nil : entities.map(\.name).sorted()
    }
}
