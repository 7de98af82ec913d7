import Foundation
import OpenSwiftData

// A store whose snapshots are its own type rather than `DefaultSnapshot`, which
// OpenSwiftData's contexts cannot make from models yet: a container refuses it.

struct Record: DataStoreSnapshot {
    let persistentIdentifier: PersistentIdentifier

    init(persistentIdentifier: PersistentIdentifier) { self.persistentIdentifier = persistentIdentifier }

    init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData]) {
        self.persistentIdentifier = DefaultSnapshot(from: backingData, relatedBackingDatas: &relatedBackingDatas).persistentIdentifier
    }

    func copy(persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?) -> Record {
        Record(persistentIdentifier: persistentIdentifier)
    }
}

struct RecordStoreConfiguration: DataStoreConfiguration {
    typealias Store = RecordStore
    var name = "Records"
    var schema: Schema?
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
        DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: [])
    }

    func save(_ request: DataStoreSaveChangesRequest<Record>) throws -> DataStoreSaveChangesResult<Record> {
        DataStoreSaveChangesResult(for: identifier)
    }
}
