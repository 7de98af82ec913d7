import Foundation
import OpenSwiftData

// A store whose snapshots are a type of its own, as SwiftData allows: a `Record`
// keeps each property as plain JSON, read from the model's backing data with
// `getValue(forKey:)`, and encodes itself as SwiftData reads a snapshot (the
// identifier, and each property under its name). The store keeps its records in one
// JSON file and leaves predicates and sorts to the context.

/// A JSON value: how a record keeps a property.
enum RecordField: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([RecordField])
    case object([String: RecordField])

    /// The JSON form of a value.
    init<Value: Encodable>(encoding value: Value) throws {
        self = try JSONDecoder().decode(RecordField.self, from: JSONEncoder().encode(value))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let string = try? container.decode(String.self) { self = .string(string) }
        else if let array = try? container.decode([RecordField].self) { self = .array(array) }
        else { self = .object(try container.decode([String: RecordField].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

struct Record: DataStoreSnapshot {
    let persistentIdentifier: PersistentIdentifier
    var fields: [String: RecordField]

    init(persistentIdentifier: PersistentIdentifier, fields: [String: RecordField]) {
        self.persistentIdentifier = persistentIdentifier
        self.fields = fields
    }

    init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData]) {
        let identifier = backingData.persistentModelID
            ?? DefaultSnapshot(from: backingData, relatedBackingDatas: &relatedBackingDatas).persistentIdentifier
        self.init(persistentIdentifier: identifier, fields: Self.fields(of: backingData))
    }

    func copy(persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?) -> Record {
        Record(persistentIdentifier: persistentIdentifier, fields: fields)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DataStoreSnapshotCodingKey.self)
        persistentIdentifier = try container.decode(PersistentIdentifier.self, forKey: .persistentIdentifier)
        var fields: [String: RecordField] = [:]
        for key in container.allKeys {
            if case .modeledProperty(let name) = key { fields[name] = try container.decode(RecordField.self, forKey: key) }
        }
        self.fields = fields
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DataStoreSnapshotCodingKey.self)
        try container.encode(persistentIdentifier, forKey: .persistentIdentifier)
        for (name, field) in fields { try container.encode(field, forKey: .modeledProperty(name)) }
    }

    // MARK: Reading a model's backing data

    private static func fields<Data: BackingData>(of data: Data) -> [String: RecordField] {
        var fields: [String: RecordField] = [:]
        for property in Data.Model.schemaMetadata {
            guard let keyPath = property.keypath as? PartialKeyPath<Data.Model> else { continue }
            let valueType = type(of: keyPath).valueType
            if property.metadata is Schema.Relationship {
                if let array = valueType as? any ModelArray.Type {
                    fields[property.name] = members(array.elementModel, keyPath, data)
                } else if let optional = valueType as? any OptionalModel.Type {
                    fields[property.name] = member(optional.wrappedModel, keyPath, data)
                }
            } else if let codable = valueType as? any Codable.Type {
                fields[property.name] = attribute(codable, keyPath, data)
            }
        }
        return fields
    }

    private static func attribute<Data: BackingData, Value: Codable>(_: Value.Type, _ keyPath: PartialKeyPath<Data.Model>,
                                                                     _ data: Data) -> RecordField {
        guard let keyPath = keyPath as? KeyPath<Data.Model, Value> else { return .null }
        return (try? RecordField(encoding: data.getValue(forKey: keyPath))) ?? .null
    }

    private static func member<Data: BackingData, Related: PersistentModel>(_: Related.Type, _ keyPath: PartialKeyPath<Data.Model>,
                                                                            _ data: Data) -> RecordField {
        guard let keyPath = keyPath as? KeyPath<Data.Model, Related?>,
              let related = data.getValue(forKey: keyPath) else { return .null }
        return (try? RecordField(encoding: related.persistentModelID)) ?? .null
    }

    private static func members<Data: BackingData, Related: PersistentModel>(_: Related.Type, _ keyPath: PartialKeyPath<Data.Model>,
                                                                             _ data: Data) -> RecordField {
        guard let keyPath = keyPath as? KeyPath<Data.Model, [Related]> else { return .array([]) }
        let models: [Related] = data.getValue(forKey: keyPath)
        return (try? RecordField(encoding: models.map(\.persistentModelID))) ?? .array([])
    }
}

/// An array of models, to find the models a to-many relationship holds.
protocol ModelArray {
    static var elementModel: any PersistentModel.Type { get }
}

extension Array: ModelArray where Element: PersistentModel {
    static var elementModel: any PersistentModel.Type { Element.self }
}

/// An optional model type, to find the model a to-one relationship holds.
protocol OptionalModel {
    static var wrappedModel: any PersistentModel.Type { get }
}

extension Optional: OptionalModel where Wrapped: PersistentModel {
    static var wrappedModel: any PersistentModel.Type { Wrapped.self }
}

struct RecordStoreConfiguration: DataStoreConfiguration {
    typealias Store = RecordStore
    var name = "Records"
    var schema: Schema?
    var fileURL: URL
}

final class RecordStore: DataStore {
    typealias Configuration = RecordStoreConfiguration
    typealias Snapshot = Record

    let configuration: RecordStoreConfiguration
    let schema: Schema
    let identifier = "records"

    init(_ configuration: RecordStoreConfiguration, migrationPlan: (any SchemaMigrationPlan.Type)?) throws {
        self.configuration = configuration
        self.schema = configuration.schema ?? Schema([])
    }

    func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, Record> {
        if request.descriptor.predicate != nil { throw DataStoreError.preferInMemoryFilter }
        if !request.descriptor.sortBy.isEmpty { throw DataStoreError.preferInMemorySort }
        let records = try read()
        let entityName = Schema.entityName(for: T.self)
        return DataStoreFetchResult(descriptor: request.descriptor,
                                    fetchedSnapshots: records.values.filter { $0.persistentIdentifier.entityName == entityName },
                                    relatedSnapshots: records)
    }

    func save(_ request: DataStoreSaveChangesRequest<Record>) throws -> DataStoreSaveChangesResult<Record> {
        var records = try read()
        var remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:]
        for record in request.inserted {
            let permanent = try PersistentIdentifier.identifier(for: identifier, entityName: record.persistentIdentifier.entityName,
                                                                primaryKey: UUID())
            records[permanent] = record.copy(persistentIdentifier: permanent)
            remappedIdentifiers[record.persistentIdentifier] = permanent
        }
        for record in request.updated { records[record.persistentIdentifier] = record }
        for record in request.deleted { records[record.persistentIdentifier] = nil }
        try write(records)
        return DataStoreSaveChangesResult(for: identifier, remappedIdentifiers: remappedIdentifiers)
    }

    func read() throws -> [PersistentIdentifier: Record] {
        guard FileManager.default.fileExists(atPath: configuration.fileURL.path) else { return [:] }
        let records = try JSONDecoder().decode([Record].self, from: Data(contentsOf: configuration.fileURL))
        return Dictionary(records.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { _, last in last })
    }

    func write(_ records: [PersistentIdentifier: Record]) throws {
        try JSONEncoder().encode(Array(records.values)).write(to: configuration.fileURL)
    }
}
