import Foundation

extension ValueCodec {
    /// The codec of an attribute marked `.transformable(by:)` whose transformer is
    /// registered: the value is stored as the `Data` the transformer makes of it, and
    /// read back through its reverse transformation. nil when no transformer is
    /// registered under the name, so that the attribute is stored as any other.
    static func transformed<Value>(_: Value.Type, byTransformerNamed name: String) -> ValueCodec? {
        guard let transformer = ValueTransformer(forName: NSValueTransformerName(name)) else { return nil }
        let optional = Value.self as? any _OptionalType.Type
        return ValueCodec(
            kind: .primitive, valueType: Value.self, storedType: Data.self, isOptional: optional != nil,
            columnType: Data._columnType,
            encode: { value in
                let unwrapped: Any? = if let value = value as? any _OptionalType { value._unwrapped } else { value }
                guard let unwrapped else { return .null }
                switch transformer.transformedValue(unwrapped) {
                case let data as Data: return .bytes(data)
                case let data as NSData: return .bytes(Data(referencing: data))
                default: throw ValueCodecError.notTransformedToData(transformer: name)
                }
            },
            decode: { stored in
                if stored.isNull, let optional, let none = optional._none as? Value { return none }
                guard let data = Data._decode(stored) else { throw ValueCodecError.undecodable(stored, as: Value.self) }
                guard let value = transformer.reverseTransformedValue(data) as? Value else {
                    throw ValueCodecError.notReverseTransformed(transformer: name, into: Value.self)
                }
                return value
            })
    }
}
