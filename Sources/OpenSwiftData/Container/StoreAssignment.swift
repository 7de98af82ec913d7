/// Which store of a container holds which models: the configurations that get a store,
/// each with the schema of the models it holds.
///
/// A configuration holds its own schema's models (a schema built from model types
/// brings the models they relate to, and a class hierarchy goes whole, as it shares its
/// root's table); the first configuration without a schema holds the rest, or, when every
/// configuration has one, the first configuration does. Configurations naming one
/// location share its store. A configuration left with no model gets no store. A
/// relationship between models of two stores is refused.
package struct StoreAssignment<Configuration> {
    package let configuration: Configuration
    package let schema: Schema

    package static func assign(_ configurations: [Configuration], in schema: Schema, name: (Configuration) -> String,
                       schema ownSchema: (Configuration) -> Schema?, location: (Configuration) -> AnyHashable) throws
        -> [StoreAssignment] {
        var seen: Set<String> = []
        let distinct = configurations.filter { seen.insert(name($0)).inserted }
        guard distinct.count > 1 else { return distinct.first.map { [StoreAssignment(configuration: $0, schema: schema)] } ?? [] }
        let locations = distinct.map(location)
        let storeOf = locations.map { place in locations.firstIndex(of: place) ?? 0 }
        var owner: [String: Int] = [:]
        for (index, configuration) in distinct.enumerated() {
            for entity in ownSchema(configuration)?.entities ?? [] where owner[entity.name] == nil {
                for member in schema.entities where member.rootEntity.name == entity.rootEntity.name { owner[member.name] = storeOf[index] }
            }
        }
        let rest = storeOf[distinct.firstIndex { ownSchema($0) == nil } ?? 0]
        for entity in schema.entities where owner[entity.name] == nil { owner[entity.name] = rest }
        for entity in schema.entities {
            for relationship in entity.relationships {
                guard let mine = owner[entity.name], let theirs = owner[relationship.destination], mine != theirs else { continue }
                throw OpenSwiftDataError.invalidConfiguration(
                    name: name(distinct[mine]),
                    problem: .relationshipAcrossStores(entity: entity.name, relationship: relationship.name, destination: relationship.destination,
                                                       destinationConfiguration: name(distinct[theirs])))
            }
        }
        let assignments = distinct.indices.compactMap { index -> StoreAssignment? in
            let entities = schema.entities.filter { owner[$0.name] == index }
            guard !entities.isEmpty else {
                if storeOf[index] == index {
                    Log.logger.notice("\(name(distinct[index])): the other configurations hold every model; its store is not opened")
                }
                return nil
            }
            return StoreAssignment(configuration: distinct[index], schema: Schema(entities: entities, version: schema.version,
                                                                                  encodingVersion: schema.encodingVersion))
        }
        // One store holds every model: it keeps the container's own schema.
        return assignments.count == 1 ? [StoreAssignment(configuration: assignments[0].configuration, schema: schema)] : assignments
    }

    /// For each assignment, the models the others hold, with the name of the configuration of each.
    package static func heldElsewhere(_ assignments: [StoreAssignment], name: (Configuration) -> String) -> [[String: String]] {
        assignments.indices.map { index in
            var held: [String: String] = [:]
            for (other, theirs) in assignments.enumerated() where other != index {
                for entity in theirs.schema.entities { held[entity.name] = name(theirs.configuration) }
            }
            return held
        }
    }
}
