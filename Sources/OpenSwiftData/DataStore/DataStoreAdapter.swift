import Foundation
import Synchronization

/// A program's own ``DataStore`` behind the store seam: contexts ask it as they ask the
/// SQLite store, and it answers through the store's requests and snapshots.
///
/// It keeps, for each context (each ``EditingState``), the snapshots of the models that
/// context has read or saved: their relationships resolve through them, and a save
/// tells the store which properties it changed since. A store that would rather leave a
/// predicate or a sort to the context (``DataStoreError/preferInMemoryFilter``) is asked
/// again without them, and the context applies them.
final class DataStoreAdapter: ModelStore, @unchecked Sendable {
    let store: any CustomStore
    let schema: Schema
    let changes = StoreChanges()
    var identifier: String { store.identifier }
    var name: String { store.name }
    /// The snapshots each context has read or saved, by the context's editing state.
    private let snapshots = Mutex<[UUID: [PersistentIdentifier: DefaultSnapshot]]>([:])
    /// Every fetch reads the store anew: registered models without unsaved changes take
    /// what it says (the merge rule), so each fetch is a generation of its own.
    private let generations = Atomic<UInt64>(1)

    init(_ store: any CustomStore, schema: Schema) {
        self.store = store
        self.schema = schema
    }

    // MARK: Contexts

    func contextDidOpen(_ editingState: EditingState) {
        store.initializeState(for: editingState)
        snapshots.withLock { $0[editingState.id] = [:] }
    }

    func contextWillClose(_ editingState: EditingState) {
        store.invalidateState(for: editingState)
        _ = snapshots.withLock { $0.removeValue(forKey: editingState.id) }
    }

    private func remember<S: Sequence<DefaultSnapshot>>(_ found: S, for editingState: EditingState) {
        snapshots.withLock { all in
            for snapshot in found { all[editingState.id, default: [:]][snapshot.persistentIdentifier] = snapshot }
        }
    }

    private func remembered(_ id: PersistentIdentifier, for editingState: EditingState) -> DefaultSnapshot? {
        snapshots.withLock { $0[editingState.id]?[id] }
    }

    // MARK: Fetching

    func fetch<T: PersistentModel>(_ request: StoreFetchRequest<T>, row body: (inout StoreRow) throws -> Void) throws -> StoreFetchOutcome {
        let merges = request.pendingEntities.contains(T._$entityName)
        var descriptor = request.descriptor
        if merges {
            // The context's unsaved changes decide the window: it is applied to the merged models.
            descriptor.fetchLimit = nil
            descriptor.fetchOffset = nil
        }
        let (result, filtersInMemory, sortsInMemory) = try requestSnapshots(descriptor, editingState: request.editingState)
        let entityName = T._$entityName
        try rows(result.fetchedSnapshots.filter { $0.persistentIdentifier.entityName == entityName }, of: T._$entity, body)
        let hasWindow = request.descriptor.fetchLimit != nil || (request.descriptor.fetchOffset ?? 0) > 0
        return StoreFetchOutcome(mergesPendingChanges: merges, filtersInSwift: filtersInMemory,
                                 sortsInSwift: sortsInMemory || merges,
                                 windowsInSwift: hasWindow && (filtersInMemory || sortsInMemory || merges))
    }

    func count<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> Int? {
        guard !request.pendingEntities.contains(T._$entityName) else { return nil }
        do {
            return try store.fetchCount(DataStoreFetchRequest(descriptor: request.descriptor, editingState: request.editingState))
        } catch DataStoreError.preferInMemoryFilter {
            return nil
        } catch DataStoreError.preferInMemorySort {
            return nil
        }
    }

    func keys<T: PersistentModel>(_ request: StoreFetchRequest<T>) throws -> [Int64]? {
        guard !request.pendingEntities.contains(T._$entityName) else { return nil }
        do {
            return try store.fetchIdentifiers(DataStoreFetchRequest(descriptor: request.descriptor, editingState: request.editingState)).map(\.rowID)
        } catch DataStoreError.preferInMemoryFilter {
            return nil
        } catch DataStoreError.preferInMemorySort {
            return nil
        }
    }

    /// Sends the descriptor to the store; when the store prefers to leave the predicate
    /// or the sort to the context, sends it again without them (and without the window,
    /// which then applies after them).
    private func requestSnapshots<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, editingState: EditingState) throws
        -> (DataStoreFetchResult<T, DefaultSnapshot>, filtersInMemory: Bool, sortsInMemory: Bool) {
        var request = descriptor
        request.relationshipKeyPathsForPrefetching = []
        var filtersInMemory = false
        var sortsInMemory = false
        while true {
            do {
                let result = try store.fetch(DataStoreFetchRequest(descriptor: request, editingState: editingState))
                remember(result.fetchedSnapshots, for: editingState)
                remember(result.relatedSnapshots.values, for: editingState)
                return (result, filtersInMemory, sortsInMemory)
            } catch DataStoreError.preferInMemoryFilter where !filtersInMemory {
                filtersInMemory = true
                request.predicate = nil
            } catch DataStoreError.preferInMemorySort where !sortsInMemory {
                sortsInMemory = true
                request.sortBy = []
            }
            request.fetchLimit = nil
            request.fetchOffset = nil
        }
    }

    /// Hands each snapshot to `body` as a row of `entity`, read through its values.
    private func rows(_ found: [DefaultSnapshot], of entity: Schema.Entity, _ body: (inout StoreRow) throws -> Void) throws {
        guard !found.isEmpty else { return }
        let generation = generations.add(1, ordering: .relaxed).newValue
        var sources: [String: (entity: Schema.Entity, source: SnapshotRowSource)] = [:]
        var row: StoreRow?
        for snapshot in found {
            let entityName = snapshot.persistentIdentifier.entityName
            guard let member = entityName == entity.name ? entity : schema.entitiesByName[entityName] else { continue }
            let source = sources[entityName]?.source ?? SnapshotRowSource(member)
            sources[entityName] = (member, source)
            source.load(snapshot)
            if row?.entity !== member {
                row = StoreRow(key: 0, entity: member, reader: _ModelReader(row: source, columns: source.columns, entityName: member.name),
                               generation: generation)
            }
            guard var current = row else { continue }
            current.key = snapshot.persistentIdentifier.rowID
            current.reader.rewind()
            try body(&current)
            row = current
        }
    }

    func fetchRows(of entity: Schema.Entity, keys: [Int64], properties: [Int]?, editingState: EditingState,
                   row body: (inout StoreRow) throws -> Void) throws {
        let ids = keys.filter { $0 > 0 }.map { identifier(entityName: entity.name, key: $0) }
        let found = try snapshots(ids, of: entity, editingState: editingState)
        try rows(ids.compactMap { found[$0] }, of: entity, body)
    }

    /// The snapshots of these identifiers: those the context holds, then those the store
    /// has cached, then those a fetch of the identifiers returns.
    private func snapshots(_ identifiers: [PersistentIdentifier], of entity: Schema.Entity,
                           editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        var found: [PersistentIdentifier: DefaultSnapshot] = [:]
        var missing: [PersistentIdentifier] = []
        for id in identifiers {
            if let snapshot = remembered(id, for: editingState) { found[id] = snapshot } else { missing.append(id) }
        }
        guard !missing.isEmpty else { return found }
        let cached = try store.cachedSnapshots(for: missing, editingState: editingState)
        remember(cached.values, for: editingState)
        found.merge(cached) { first, _ in first }
        let wanted = missing.filter { found[$0] == nil }
        guard !wanted.isEmpty else { return found }
        for snapshot in try entity.modelType._fetchSnapshots(wanted, from: self, editingState: editingState) {
            found[snapshot.persistentIdentifier] = snapshot
        }
        return found
    }

    /// The snapshots of `T` a fetch of these identifiers returns.
    fileprivate func fetchSnapshots<T: PersistentModel>(_ type: T.Type, _ wanted: [PersistentIdentifier],
                                                        editingState: EditingState) throws -> [DefaultSnapshot] {
        let descriptor = FetchDescriptor<T>(predicate: #Predicate<T> { wanted.contains($0.persistentModelID) })
        let (result, _, _) = try requestSnapshots(descriptor, editingState: editingState)
        let wantedSet = Set(wanted)
        return (result.fetchedSnapshots + Array(result.relatedSnapshots.values)).filter { wantedSet.contains($0.persistentIdentifier) }
    }

    // MARK: Relationships and attributes

    /// The snapshot of one row, or nil when the store has none.
    private func snapshot(of key: Int64, entity: Schema.Entity, editingState: EditingState) throws -> DefaultSnapshot? {
        let id = identifier(entityName: entity.name, key: key)
        return try snapshots([id], of: entity, editingState: editingState)[id]
    }

    func relatedKey(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship, editingState: EditingState) throws -> Int64? {
        try snapshot(of: key, entity: entity, editingState: editingState)?.identifier(forKey: relationship.name)?.rowID
    }

    func fetchRelated(of key: Int64, entity: Schema.Entity, relationship: Schema.Relationship, editingState: EditingState,
                      row body: (inout StoreRow) throws -> Void) throws {
        guard let destination = schema.entitiesByName[relationship.destination],
              let members = try snapshot(of: key, entity: entity, editingState: editingState)?.identifiers(forKey: relationship.name),
              !members.isEmpty else { return }
        let found = try snapshots(members, of: destination, editingState: editingState)
        try rows(members.compactMap { found[$0] }, of: destination, body)
    }

    func prefetch(_ relationship: Schema.Relationship, of owners: [Int64], entity: Schema.Entity, editingState: EditingState,
                  row body: (_ owner: Int64, inout StoreRow) throws -> Void) throws {
        guard let destination = schema.entitiesByName[relationship.destination] else { return }
        let ownerIDs = owners.map { identifier(entityName: entity.name, key: $0) }
        let ownerSnapshots = try snapshots(ownerIDs, of: entity, editingState: editingState)
        var membersByOwner: [(owner: Int64, members: [PersistentIdentifier])] = []
        for id in ownerIDs {
            guard let snapshot = ownerSnapshots[id] else { continue }
            let members = relationship.isToOneRelationship
                ? snapshot.identifier(forKey: relationship.name).map { [$0] } ?? []
                : snapshot.identifiers(forKey: relationship.name)
            membersByOwner.append((relationship.isToOneRelationship ? 0 : id.rowID, members))
        }
        let found = try snapshots(Array(Set(membersByOwner.flatMap(\.members))), of: destination, editingState: editingState)
        for (owner, members) in membersByOwner {
            try rows(members.compactMap { found[$0] }, of: destination) { row in try body(owner, &row) }
        }
    }

    func attributeValue(of key: Int64, entity: Schema.Entity, attribute: Schema.Attribute) throws -> StoredValue? {
        // A custom store's models are read whole: only a row that is gone has no value.
        nil
    }

    /// A custom store has no way to look rows up by value: only the models the context
    /// holds are compared with an inserted model's unique key.
    func keys(holding values: [[StoredValue]], of constraint: [String], entity: Schema.Entity) throws -> [Int64] { [] }

    // MARK: Saving

    /// A custom store is sent every model a save deletes: the context loads the
    /// children a cascade reaches.
    func cascadesInStore(_ relationship: Schema.Relationship) -> Bool { false }

    /// Sends the changes to the store as one ``DataStoreSaveChangesRequest``. Inserted
    /// models take the permanent identifiers the store gives them.
    func save(_ changes: StoreChangeSet) throws -> StoreSaveResult {
        let editingState = changes.editingState
        let inserted = changes.inserted
        var updated = changes.changed
        var seen = Set(updated.map(ObjectIdentifier.init))
        for change in changes.toManyChanges where change.model._$backingState.status == .persistent
            && seen.insert(ObjectIdentifier(change.model)).inserted {
            updated.append(change.model)
        }
        let deleted = changes.deleted
        let insertedSnapshots = try inserted.map(DefaultSnapshot.init(from:))
        let updatedSnapshots = try updated.map(DefaultSnapshot.init(from:))
        let request = DataStoreSaveChangesRequest(
            editingState: editingState, inserted: insertedSnapshots, updated: updatedSnapshots,
            deleted: try deleted.map { try deletedSnapshot($0, editingState: editingState) })
        let result = try store.save(request, of: SavedModels(inserted: inserted, updated: updated, deleted: deleted))

        // The store saved: what the context holds now matches it.
        var remapped = result.remappedIdentifiers
        var insertedKeys: [Int64] = []
        for (model, snapshot) in zip(inserted, insertedSnapshots) {
            let temporary = snapshot.persistentIdentifier
            let permanent = remapped[temporary] ?? keptIdentifier(temporary)
            remapped[temporary] = permanent
            insertedKeys.append(permanent.rowID)
            model._$backingState.rowID = permanent.rowID
        }
        snapshots.withLock { all in
            var held = all[editingState.id] ?? [:]
            for snapshot in insertedSnapshots + updatedSnapshots {
                let id = remapped[snapshot.persistentIdentifier] ?? snapshot.persistentIdentifier
                held[id] = snapshot.copy(persistentIdentifier: id, remappedIdentifiers: remapped)
            }
            for model in deleted { held[model.persistentModelID] = nil }
            for (id, snapshot) in result.snapshotsToReregister { held[id] = snapshot }
            all[editingState.id] = held
        }
        self.changes.didCommit(touching: changes.touchedEntities)
        let unsent = resendRemappedRelationships(insertedSnapshots + updatedSnapshots, remapped: result.remappedIdentifiers,
                                                 models: inserted + updated, editingState: editingState)
        return StoreSaveResult(insertedKeys: insertedKeys, rewrittenByStore: Array(result.snapshotsToReregister.keys), unsent: unsent)
    }

    /// A deleted model as the store has it: the snapshot it was read from, unless it
    /// changed since. Made from the model instead, it would load each relationship the
    /// context never read (the children a store cascade deletes), a request per model.
    private func deletedSnapshot(_ model: any PersistentModel, editingState: EditingState) throws -> DefaultSnapshot {
        if !model._$backingState.isChanged, let known = remembered(model.persistentModelID, for: editingState) { return known }
        return try DefaultSnapshot(from: model)
    }

    /// A store that gave an inserted model no identifier keeps it under its temporary one.
    private func keptIdentifier(_ temporary: PersistentIdentifier) -> PersistentIdentifier {
        Log.logger.warning("the data store \(name) gave the inserted \(temporary.entityName) no permanent identifier; it keeps \(temporary)")
        let rowID = PrimaryKeyRegistry.rowID(store: identifier, entity: temporary.entityName, primaryKey: temporary.description)
        return PersistentIdentifier(entityName: temporary.entityName, storeIdentifier: identifier, rowID: rowID)
    }

    /// The store saw the temporary identifiers of models inserted by the same save in
    /// the relationships of the snapshots it was sent, and a store need not replace
    /// them (the WWDC24 JSON store does not): the models that hold any are sent again,
    /// as updates with the permanent identifiers. Should that fail, the error is logged
    /// and the models are returned, for their context to send again with its next save.
    private func resendRemappedRelationships(_ sent: [DefaultSnapshot], remapped: [PersistentIdentifier: PersistentIdentifier],
                                             models: [any PersistentModel], editingState: EditingState) -> [any PersistentModel] {
        guard !remapped.isEmpty else { return [] }
        let temporary = Set(remapped.keys)
        let holders = zip(sent, models).filter { snapshot, _ in snapshot.relatedIdentifiers.contains(where: temporary.contains) }.map(\.1)
        guard !holders.isEmpty else { return [] }
        do {
            _ = try store.save(DataStoreSaveChangesRequest(editingState: editingState, inserted: [],
                                                           updated: try holders.map(DefaultSnapshot.init(from:)), deleted: []),
                               of: SavedModels(updated: holders))
            return []
        } catch {
            Log.logger.error("the data store \(name) saved models that refer to models inserted by the same save, but could not be sent their permanent identifiers: \(error); they are sent again at the next save")
            return holders
        }
    }

    func erase() throws {
        try store.erase()
        snapshots.withLock { all in for key in all.keys { all[key] = [:] } }
        changes.didCommit(touching: nil)
    }

    func batchDelete<T: PersistentModel>(_ type: T.Type, where predicate: Predicate<T>?, includeSubclasses: Bool,
                                         editingState: EditingState) throws -> Bool {
        let request = DataStoreBatchDeleteRequest(editingState: editingState, includeSubclasses: includeSubclasses, predicate: predicate)
        guard try store.batchDelete(request) else { return false }
        let entityName = T._$entityName
        snapshots.withLock { all in
            for key in all.keys { all[key] = all[key]?.filter { $0.key.entityName != entityName } }
        }
        changes.didCommit(touching: [entityName])
        return true
    }
}

extension PersistentModel {
    /// The snapshots of these identifiers of this type, for code that holds the type as a value.
    fileprivate static func _fetchSnapshots(_ wanted: [PersistentIdentifier], from adapter: DataStoreAdapter,
                                            editingState: EditingState) throws -> [DefaultSnapshot] {
        try adapter.fetchSnapshots(Self.self, wanted, editingState: editingState)
    }
}
