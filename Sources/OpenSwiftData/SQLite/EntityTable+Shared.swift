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
}
