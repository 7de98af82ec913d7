import Synchronization

extension StoredSchema.Encoded {
    /// The stored form of `schema` and its JSON, made once per list of model types and
    /// version in a process: every open of a store compares the schema with the one the
    /// store recorded, and a server that makes a container per request must not pay for
    /// describing the same models each time. A schema made from model types is a
    /// function of those types (their entities cannot be changed after they are
    /// described); a schema built by hand is described every time.
    package static func describing(_ schema: Schema) throws -> StoredSchema.Encoded {
        guard !schema.modelTypes.isEmpty, schema.modelTypes.count == schema.entities.count else {
            return StoredSchema.Encoded(try StoredSchema(schema))
        }
        let key = DescriptionKey(types: schema.modelTypes.map(ObjectIdentifier.init), version: schema.version)
        if let described = descriptions.withLock({ $0[key] }) { return described }
        let described = StoredSchema.Encoded(try StoredSchema(schema))
        descriptions.withLock { $0[key] = described }
        return described
    }

    private struct DescriptionKey: Hashable {
        let types: [ObjectIdentifier]
        let version: Schema.Version
    }

    private static let descriptions = Mutex<[DescriptionKey: StoredSchema.Encoded]>([:])
}
