import Foundation

extension Schema.Entity {
    /// The column and field an index's name of a nested key path names
    /// (`#Index<Trip>([\.address.city])` lists `address.city`), when the first name is a
    /// `Codable` attribute stored as JSON and the rest are its stored properties; nil
    /// for a plain property name and for anything else, which gets no index.
    ///
    /// The field is found by the property names, which are the coding keys of a
    /// synthesized `Codable` conformance: the index is made on the expression queries
    /// read those keys with (`SQLDialect.jsonField`).
    package func indexedJSONField(_ name: String) -> (column: String, field: JSONField)? {
        let names = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard names.count > 1, let attribute = attributesByName[names[0]], let codec = attribute.codec, codec.kind == .json else {
            return nil
        }
        let rootType = (codec.valueType as? any _OptionalType.Type)?._wrappedType ?? codec.valueType
        guard let field = JSONField.declared(Array(names.dropFirst()), in: rootType) else { return nil }
        return (attribute.name, field)
    }
}

extension JSONField {
    /// The field a chain of stored property names reaches in values of `type`, with the
    /// kind of its declared type (read on a value made by `FieldProbeDecoder`).
    static func declared(_ names: [String], in type: Any.Type) -> JSONField? {
        guard let codable = type as? any Codable.Type, names.allSatisfy(isPlainKey), var value = probe(codable) else { return nil }
        var valueType: Any.Type = type
        for name in names {
            guard let unwrapped = unwrapped(value),
                  let child = Mirror(reflecting: unwrapped).children.first(where: { $0.label == name }) else { return nil }
            value = child.value
            valueType = Swift.type(of: child.value)
        }
        guard case .success(let kind) = self.kind(of: valueType), kind.kind != .object else { return nil }
        return JSONField(path: names, kind: kind.kind, isEnumeration: kind.isEnumeration, isOptional: kind.isOptional)
    }

    private static func probe<T: Codable>(_: T.Type) -> Any? {
        FieldProbeDecoder.value(of: T.self, plan: FieldProbeDecoder.Plan(run: 0))
    }
}
