import Foundation
import OpenSwiftData

extension SyncClient {
    /// Downloads every page after the cursor and applies them in one save.
    func pull() async throws {
        let start = try SyncBookkeeping(ModelContext(modelContainer))
        let device = start.checkpoint.device
        var cursor = start.checkpoint.cursor
        var changes: [SyncChange] = []
        while true {
            let page = try await transport.download(SyncDownloadRequest(account: account, device: device, schemaVersion: schemaVersion,
                                                                        cursor: cursor, limit: pageSize))
            changes += page.changes
            cursor = max(cursor, page.cursor)
            if !page.hasMore { break }
        }
        guard cursor != start.checkpoint.cursor else { return }
        try apply(changes, through: cursor)
    }

    /// Applies downloaded changes in a context whose author is the client's, with the
    /// records, clocks and cursor they change, in one save (see the Sync article for the rule).
    private func apply(_ changes: [SyncChange], through cursor: Int64) throws {
        let context = ModelContext(modelContainer)
        context.author = author
        let book = try SyncBookkeeping(context)
        var applier = RemoteChangeApplier(context: context, book: book, schema: schema)
        applier.pendingLocalWrites = try pendingLocalWrites(context, book: book)
        var clock = book.clock

        // Merges first: a device that made the later of two models with one unique key
        // takes the earlier's sync ID before any change names it.
        for change in changes where change.kind == .merge {
            guard let target = change.mergedInto else { continue }
            try applier.merge(change.syncID, into: target)
        }
        for change in changes where change.kind != .merge {
            for stamped in change.values.values { clock.receive(stamped.clock) }
            if let deletedAt = change.deletedAt { clock.receive(deletedAt) }
            try applier.apply(change)
        }
        try applier.finish()
        book.clock = clock
        book.checkpoint.cursor = cursor
        try context.save()

        // A model made here has its row only now: its record learns it.
        for (record, model) in applier.madeModels {
            book.setRow(record, rowID: model.persistentModelID.rowID)
        }
        if context.hasChanges { try context.save() }
    }
}

extension SyncClient {
    /// The properties the app saved since the last upload (a save made while this sync
    /// ran, after its upload), by model row. Their values are stamped at the next upload,
    /// later than anything downloaded now, so the download must not overwrite them.
    func pendingLocalWrites(_ context: ModelContext, book: SyncBookkeeping) throws -> [SyncBookkeeping.RowKey: Set<String>?] {
        let after = DefaultHistoryToken(storeIdentifier: "", transaction: book.checkpoint.historyTransaction)
        var pending: [SyncBookkeeping.RowKey: Set<String>?] = [:]
        for transaction in try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > after }))
        where transaction.author != author {
            for change in transaction.changes {
                let id = change.changedPersistentIdentifier
                let key = SyncBookkeeping.RowKey(entity: id.entityName, rowID: id.rowID)
                if case .update(let update) = change, let names = (update as? any HistoryUpdatePropertyNames)?.changedPropertyNames {
                    if case .some(.some(let known)) = pending[key] {
                        pending[key] = known.union(names)
                    } else if pending[key] == nil {
                        pending[key] = .some(Set(names))
                    }
                } else {
                    // An insert: every property is the app's.
                    pending[key] = .some(nil)
                }
            }
        }
        return pending
    }
}

/// Applies remote changes to the models of one context: the later write of each
/// property wins, a delete is final, relationships are set once every model of the
/// download exists, and each owner whose members changed is put in order.
struct RemoteChangeApplier {
    let context: ModelContext
    let book: SyncBookkeeping
    let schema: SyncedSchema
    /// The models this download made, with their records (whose rows are known after the save).
    private(set) var madeModels: [(SyncModelRecord, any PersistentModel)] = []
    private var madeByID: [UUID: any PersistentModel] = [:]
    private var madeIDs: [PersistentIdentifier: UUID] = [:]
    private var relationships: [(model: any PersistentModel, entity: String, name: String, value: SyncValue)] = []
    private var ownersToOrder: [OwnerKey: Void] = [:]
    /// Properties saved by the app and not uploaded yet, by row (nil: all of the row's); a download leaves them be.
    var pendingLocalWrites: [SyncBookkeeping.RowKey: Set<String>?] = [:]

    private struct OwnerKey: Hashable {
        let syncID: UUID
        let entity: String
        let property: String
    }

    init(context: ModelContext, book: SyncBookkeeping, schema: SyncedSchema) {
        self.context = context
        self.book = book
        self.schema = schema
    }

    /// The server made `syncID`'s model one with `target`'s.
    mutating func merge(_ syncID: UUID, into target: UUID) throws {
        guard let record = book.record(syncID: syncID), !record.isGone else { return }
        if book.record(syncID: target) == nil {
            book.rename(record, to: target)
        } else if let model = try context.model(entityName: record.entityName, rowID: record.rowID) {
            // Both are here: the later goes, as the server made it the earlier.
            book.markGone(record)
            context.delete(model)
        }
    }

    /// Applies one insert, update or delete.
    mutating func apply(_ change: SyncChange) throws {
        guard let rules = schema.rules[change.entityName] else {
            throw SyncError.invalidChange("the server sent a change of \(change.entityName), which this app's models do not have.")
        }
        let record = book.record(syncID: change.syncID)
        if change.kind == .delete {
            guard let record else {
                book.addRecord(syncID: change.syncID, entity: change.entityName, rowID: 0, isGone: true)
                return
            }
            guard !record.isGone else { return }
            let model = try model(of: record)
            book.markGone(record)
            if let model { context.delete(model) }
            return
        }
        if record?.isGone == true { return }
        let model: any PersistentModel
        let isNew: Bool
        if let record {
            guard let existing = try self.model(of: record) else { return }
            model = existing
            isNew = false
        } else {
            model = try context.insertEmptyModel(entityName: change.entityName)
            let made = book.addRecord(syncID: change.syncID, entity: change.entityName, rowID: 0)
            madeModels.append((made, model))
            madeByID[change.syncID] = model
            madeIDs[model.persistentModelID] = change.syncID
            isNew = true
        }
        for name in change.values.keys.sorted() {
            guard let stamped = change.values[name], let rule = rules[name] else { continue }
            if !isNew, let local = book.clock(of: change.syncID, name), stamped.clock <= local { continue }
            if !isNew, let record, isPendingLocally(record, name) { continue }
            switch rule {
            case .attribute:
                guard let value = stamped.value.attributeValue else {
                    throw SyncError.invalidChange("the server sent related models for \(change.entityName).\(name), which holds a value.")
                }
                try context.setAttribute(named: name, of: model, to: value)
                book.noteWrite(of: change.syncID, name, at: stamped.clock)
            case .members:
                book.noteWrite(of: change.syncID, name, at: stamped.clock, order: stamped.value.referencedIDs)
                ownersToOrder[OwnerKey(syncID: change.syncID, entity: change.entityName, property: name)] = ()
            case .toOne, .toMany:
                book.noteWrite(of: change.syncID, name, at: stamped.clock)
                relationships.append((model, change.entityName, name, stamped.value))
            }
        }
    }

    /// Sets the relationships the download changed, then puts in order each owner whose members changed.
    mutating func finish() throws {
        for (model, entity, name, value) in relationships {
            let members = try value.referencedIDs.compactMap { try self.model(syncID: $0) }
            if case .toOne(let destination) = schema.rules[entity]?[name],
               let orderName = schema.rules[destination]?.first(where: { $0.value == .members(destination: entity, inverse: name) })?.key {
                // Leaving one owner keeps the others in order; joining one needs placing.
                for owner in members {
                    if let ownerID = syncID(of: owner) {
                        ownersToOrder[OwnerKey(syncID: ownerID, entity: destination, property: orderName)] = ()
                    }
                }
            }
            try context.setRelationship(named: name, of: model, to: members)
        }
        for key in ownersToOrder.keys {
            guard let owner = try model(syncID: key.syncID), !owner.isDeleted else { continue }
            let snapshot = try DefaultSnapshot(from: owner)
            let current = snapshot.identifiers(forKey: key.property).compactMap(syncID(of:))
            let ordered = SyncedSchema.orderedMembers(current, order: book.order(of: key.syncID, key.property))
            guard ordered != current else { continue }
            let models = try ordered.compactMap { try model(syncID: $0) }
            try context.setRelationship(named: key.property, of: owner, to: models)
        }
    }

    private func isPendingLocally(_ record: SyncModelRecord, _ name: String) -> Bool {
        guard let pending = pendingLocalWrites[SyncBookkeeping.RowKey(entity: record.entityName, rowID: record.rowID)] else { return false }
        return pending?.contains(name) ?? true
    }

    private func model(of record: SyncModelRecord) throws -> (any PersistentModel)? {
        if let made = madeByID[record.syncID] { return made }
        guard record.rowID > 0 else { return nil }
        return try context.model(entityName: record.entityName, rowID: record.rowID)
    }

    private func model(syncID: UUID) throws -> (any PersistentModel)? {
        guard let record = book.record(syncID: syncID), !record.isGone else { return nil }
        return try model(of: record)
    }

    private func syncID(of model: any PersistentModel) -> UUID? {
        syncID(of: model.persistentModelID)
    }

    private func syncID(of id: PersistentIdentifier) -> UUID? {
        madeIDs[id] ?? book.record(entity: id.entityName, rowID: id.rowID)?.syncID
    }
}
