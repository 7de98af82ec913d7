import Synchronization

extension EntityTable {
    /// The tables of `schema`'s entities, made once per list of model types in a process:
    /// a table and its statements are a function of the schema's entities, and a schema
    /// made from model types has the process's one entity of each type, so a server that
    /// opens a container per request does not lay out the same tables each time. A schema
    /// built by hand gets tables of its own.
    static func tables(for schema: Schema) -> [EntityTable] {
        let make = { schema.entities.map { EntityTable(entity: $0, schema: schema) } }
        guard !schema.modelTypes.isEmpty, schema.modelTypes.count == schema.entities.count else { return make() }
        let key = schema.modelTypes.map(ObjectIdentifier.init)
        if let tables = shared.withLock({ $0[key] }) { return tables }
        let tables = make()
        shared.withLock { $0[key] = tables }
        return tables
    }

    private static let shared = Mutex<[[ObjectIdentifier]: [EntityTable]]>([:])

    /// The table of `type`'s entity with every subentity this process has described, as a
    /// predicate's translation for another store reads it: made once per model type, and
    /// again only when a subentity described since joins its family (a fetch per request
    /// otherwise laid the table and its statements out each time).
    static func described(_ type: any PersistentModel.Type) -> EntityTable {
        let entity = type._$entity
        let familySize = entity.rootEntity.family { _ in true }.count
        let key = ObjectIdentifier(type)
        if let known = described.withLock({ $0[key] }), known.familySize == familySize { return known.table }
        let table = EntityTable(entity: entity)
        described.withLock { $0[key] = (familySize, table) }
        return table
    }

    private static let described = Mutex<[ObjectIdentifier: (familySize: Int, table: EntityTable)]>([:])
}
