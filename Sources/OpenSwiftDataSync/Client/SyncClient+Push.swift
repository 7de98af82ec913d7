import Foundation
import OpenSwiftData

extension SyncClient {
    /// Uploads the batch left unacknowledged by an earlier sync, if any, then a batch
    /// of what history recorded since the last one. Returns whether the server's receipts
    /// showed the store to be a copy of one that uploaded more (see ``SyncCheckpoint/acknowledgedUploads``).
    func push() async throws -> Bool {
        var isCopy = false
        if let pending = try pendingBatch() { isCopy = try await upload(pending) }
        if let batch = try buildBatch() { isCopy = try await upload(batch) || isCopy }
        return isCopy
    }

    /// Sends a batch in parts of at most ``changesPerUpload`` changes, reporting progress,
    /// and forgets it once the server has acknowledged every part. A sync stopped between
    /// parts sends them all again: the server recognises the ones it applied. Returns
    /// whether a receipt counted an upload of this device that the store never made.
    ///
    /// A part refused as made ahead of the server's clock is stamped again, with the parts
    /// after it, and the batch sent again once, when this device's clock is behind those
    /// moments now (its date was set right since); else the refusal stands.
    private func upload(_ pending: PendingUpload, restamping: Bool = true) async throws -> Bool {
        let batch = pending.batch
        var uploads = try SyncBookkeeping(ModelContext(modelContainer)).checkpoint.acknowledgedUploads
        var isCopy = false
        var sent = 0
        report(SyncProgress(phase: .uploading, completedChanges: 0, totalChanges: batch.changes.count))
        for (index, part) in batch.parts(ofAtMost: changesPerUpload).enumerated() {
            let receipt: SyncUploadReceipt
            do {
                receipt = try await transport.upload(part)
            } catch SyncError.clockAhead(let reason) where restamping {
                guard let again = try restamped(pending, fromPart: index) else { throw SyncError.clockAhead(reason) }
                return try await upload(again, restamping: false) || isCopy
            }
            if let counted = receipt.deviceUploads {
                // A part sent again is counted as of its first time, so only another
                // store's upload can put the count further ahead than this one.
                if let known = uploads, counted > known + 1 { isCopy = true }
                uploads = counted
            }
            sent += part.changes.count
            report(SyncProgress(phase: .uploading, completedChanges: sent, totalChanges: batch.changes.count))
        }
        try acknowledge(pending, uploads: uploads)
        return isCopy
    }

    private func pendingBatch() throws -> PendingUpload? {
        let book = try SyncBookkeeping(ModelContext(modelContainer))
        guard let data = book.checkpoint.pendingBatch else { return nil }
        do {
            return PendingUpload(batch: try SyncUploadBatch(wireJSON: data) ?? JSONDecoder().decode(SyncUploadBatch.self, from: data), encoded: data)
        } catch {
            throw SyncError.invalidChange("the batch waiting to be uploaded could not be read back (\(error)).")
        }
    }

    /// Forgets the pending batch if it is still this one (its bytes are compared, as
    /// decoding a large batch again only to read its ID would cost as much as building
    /// it), and notes the server's count of this device's uploads.
    private func acknowledge(_ pending: PendingUpload, uploads: Int64?) throws {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        if book.checkpoint.pendingBatch == pending.encoded { book.checkpoint.pendingBatch = nil }
        // Not onto a store put back from a copy meanwhile, which syncs as another device.
        if let uploads, book.checkpoint.device == pending.batch.device { book.checkpoint.acknowledgedUploads = uploads }
        if context.hasChanges { try context.save() }
    }

    /// Reads history after the checkpoint and turns it into a batch, stamping each
    /// transaction's writes with a new moment of the device clock; saves the batch as
    /// pending with the records and clocks it made, in one save. Nil when there is
    /// nothing to upload.
    private func buildBatch() throws -> PendingUpload? {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        let after = DefaultHistoryToken(storeIdentifier: "", transaction: book.checkpoint.historyTransaction)
        let transactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > after }))
        guard let last = transactions.last else { return nil }
        try book.load(rows: transactions.lazy.flatMap(\.changes).map(\.changedPersistentIdentifier)
            .filter { self.schema.rules[$0.entityName] != nil }
            .map { SyncBookkeeping.RowKey(entity: $0.entityName, rowID: $0.rowID) })

        // Models inserted in this window get their sync IDs first, so that any change
        // of the window can name them, whatever the order.
        var created = Set<UUID>()
        var inserted: [SyncBookkeeping.RowKey: any PersistentModel] = [:]
        for transaction in transactions where transaction.author != author {
            for case .insert(let insert) in transaction.changes {
                let id = insert.changedPersistentIdentifier
                guard schema.rules[id.entityName] != nil, try book.record(entity: id.entityName, rowID: id.rowID) == nil,
                      let model = try context.model(entityName: id.entityName, rowID: id.rowID) else { continue }
                inserted[SyncBookkeeping.RowKey(entity: id.entityName, rowID: id.rowID)] = model
                created.insert(book.addRecord(syncID: UUID(), entity: id.entityName, rowID: id.rowID).syncID)
            }
        }

        var clock = book.clock
        var changes = ChangeList()
        for transaction in transactions {
            let moment = clock.tick(now: transaction.timestamp)
            let isOwn = transaction.author == author
            let recorded = isOwn ? [] : Self.recordedRelationships(of: transaction)
            for change in transaction.changes {
                let id = change.changedPersistentIdentifier
                guard schema.rules[id.entityName] != nil else { continue }
                if case .delete = change {
                    // A delete the client made itself is uploaded only when it was not a
                    // remote delete: the delete rules' cascades of a remote delete.
                    guard let record = try book.record(entity: id.entityName, rowID: id.rowID) else { continue }
                    book.markGone(record)
                    if created.contains(record.syncID) {
                        changes.remove(record.syncID)
                    } else {
                        changes.add(SyncChange(entityName: id.entityName, syncID: record.syncID, kind: .delete, deletedAt: moment))
                    }
                    continue
                }
                if isOwn { continue }
                guard let model = try inserted[SyncBookkeeping.RowKey(entity: id.entityName, rowID: id.rowID)]
                        ?? context.model(entityName: id.entityName, rowID: id.rowID) else { continue }
                let record: SyncModelRecord
                if let existing = try book.record(entity: id.entityName, rowID: id.rowID) {
                    record = existing
                } else {
                    // A model saved before sync began, changed now: uploaded whole.
                    record = book.addRecord(syncID: UUID(), entity: id.entityName, rowID: id.rowID)
                    created.insert(record.syncID)
                }
                let isNew = created.contains(record.syncID)
                var names: [String]? = nil
                if !isNew, case .update(let update) = change {
                    names = (update as? any HistoryUpdatePropertyNames)?.changedPropertyNames
                }
                let values = try syncValues(of: model, book: book, names: names)
                let partnersBefore = try lastWrittenPartners(of: record.syncID, entity: id.entityName, values: values, book: book)
                var stamped: [String: SyncStampedValue] = [:]
                for (name, value) in values {
                    stamped[name] = SyncStampedValue(value, at: moment)
                    switch schema.rules[id.entityName]?[name] {
                    case .members?, .oneToOne?:
                        try book.noteWrite(of: record.syncID, name, at: moment, order: value.referencedIDs)
                    case .manyToMany?:
                        try book.noteWrite(of: record.syncID, name, at: moment, order: value.referencedIDs)
                        let pairs = try memberPairWrites(of: record.syncID, name, members: value.referencedIDs, at: moment, book: book)
                        for (pair, member) in pairs { stamped[pair] = SyncStampedValue(member, at: moment) }
                    default:
                        try book.noteWrite(of: record.syncID, name, at: moment)
                    }
                }
                let unique = isNew ? schema.uniqueKeys(entity: id.entityName, values: values) : []
                // A change only of the many-to-many side sync does not send is its inverse's, below.
                if isNew || !stamped.isEmpty {
                    changes.add(SyncChange(entityName: id.entityName, syncID: record.syncID, kind: isNew ? .insert : .update,
                                           values: stamped, uniqueKeys: unique))
                }
                try addOwnerOrders(of: model, values: values, at: moment, book: book, context: context, into: &changes)
                try addPartnerWrites(of: id.entityName, values: values, before: partnersBefore, at: moment,
                                     book: book, context: context, into: &changes)
                try addInverseOwnerWrites(of: model, syncID: record.syncID, names: names, at: moment, unlessRecorded: recorded,
                                          book: book, context: context, into: &changes)
            }
        }
        book.clock = clock
        book.checkpoint.historyTransaction = last.transactionIdentifier
        var pending: PendingUpload?
        if !changes.isEmpty {
            let batch = SyncUploadBatch(account: account, device: book.checkpoint.device, schemaVersion: schemaVersion,
                                        changes: changes.changes)
            pending = PendingUpload(batch: batch, encoded: try batch.wireJSON())
            book.checkpoint.pendingBatch = pending?.encoded
        }
        try context.save()
        return pending
    }

    /// A model that joined an owner through its to-one also changed the owner's order:
    /// the owner's order as this device sees it goes with it, so that every device
    /// places the member where this one did.
    private func addOwnerOrders(of model: any PersistentModel, values: [String: SyncValue], at moment: HLCTimestamp,
                                book: SyncBookkeeping, context: ModelContext, into changes: inout ChangeList) throws {
        let entity = model.persistentModelID.entityName
        for (name, value) in values {
            guard case .toOne(let destination) = schema.rules[entity]?[name], case .reference(let ownerID) = value,
                  let ownerRecord = try book.record(syncID: ownerID), !ownerRecord.isGone,
                  let orderName = schema.rules[destination]?.first(where: { $0.value == .members(destination: entity, inverse: name) })?.key,
                  let owner = try context.model(entityName: destination, rowID: ownerRecord.rowID) else { continue }
            // Written at this moment already (by another of its members, or by its own change in
            // this transaction), it goes with the batch as it is: reading its members again for
            // each of thousands of them made a push take time growing with their square.
            guard try book.clock(of: ownerID, orderName) != moment else { continue }
            let order = try syncValues(of: owner, book: book, names: [orderName])
            guard let orderValue = order[orderName] else { continue }
            try book.noteWrite(of: ownerID, orderName, at: moment, order: orderValue.referencedIDs)
            changes.add(SyncChange(entityName: destination, syncID: ownerID, kind: .update,
                                   values: [orderName: SyncStampedValue(orderValue, at: moment)]))
        }
    }
}

/// A batch built and not yet acknowledged, with the bytes the checkpoint keeps of it.
struct PendingUpload {
    let batch: SyncUploadBatch
    let encoded: Data
}

/// The changes of one batch, one per model, in the order the models were first changed.
struct ChangeList {
    /// Nil where a change was dropped: removing in place keeps every other position, so
    /// a window that makes and deletes many models costs no more than one that keeps them.
    private var slots: [SyncChange?] = []
    private var index: [UUID: Int] = [:]

    var changes: [SyncChange] { slots.compactMap { $0 } }
    var isEmpty: Bool { index.isEmpty }

    /// Adds a change, merging it into the model's earlier change of the batch: values
    /// are added (later ones replace earlier ones), an insert makes it an insert, and a
    /// delete replaces everything.
    mutating func add(_ change: SyncChange) {
        guard let position = index[change.syncID], var earlier = slots[position] else {
            index[change.syncID] = slots.count
            slots.append(change)
            return
        }
        if change.kind == .delete {
            earlier = change
        } else if earlier.kind != .delete {
            earlier.values.merge(change.values) { _, new in new }
            // A new model's owner order can be noted before its insert: the insert, with
            // its unique keys, decides the kind.
            if change.kind == .insert {
                earlier.kind = .insert
                earlier.uniqueKeys = change.uniqueKeys
            }
        }
        slots[position] = earlier
    }

    /// Drops a model's change: it was made and deleted within the batch.
    mutating func remove(_ syncID: UUID) {
        guard let position = index.removeValue(forKey: syncID) else { return }
        slots[position] = nil
    }
}
