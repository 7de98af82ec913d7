import Foundation
import OpenSwiftData

extension SyncClient {
    /// Downloads every page after the cursor and applies them together. When the
    /// server has compacted away the changes after the cursor, the pages are a full
    /// download of the account's models, applied by the same rule (each value's clock
    /// decides), and ``lastFullDownload`` says when.
    ///
    /// A store the server shows to be a copy of one that uploaded more (`isCopy`, or the
    /// first page's count of this device's uploads) continues as a new device first, and
    /// downloads the account from the start: the server does not send a device what that
    /// device uploaded, so a copy syncing on as its original would never get those uploads.
    func pull(isCopy: Bool = false) async throws {
        if isCopy { try continueAsNewDevice() }
        let start = try SyncBookkeeping(ModelContext(modelContainer))
        let device = start.checkpoint.device
        var cursor = start.checkpoint.cursor
        var changes: [SyncChange] = []
        var fullDownload: SyncFullDownloadPosition?
        var wasFullDownload = false
        var isFirstPage = true
        while true {
            let page = try await transport.download(SyncDownloadRequest(account: account, device: device, schemaVersion: schemaVersion,
                                                                        cursor: cursor, limit: pageSize, fullDownload: fullDownload))
            try Self.refuseImpossible(page)
            if isFirstPage, let counted = page.deviceUploads, counted != start.checkpoint.acknowledgedUploads {
                if let known = start.checkpoint.acknowledgedUploads, counted > known, !isCopy {
                    return try await pull(isCopy: true)
                }
                // A store that synced before uploads were counted, or a server put back
                // from before some of them: the count goes on from the server's.
                try noteAcknowledgedUploads(counted, as: device)
            }
            isFirstPage = false
            changes += page.changes
            let before = (cursor: cursor, sent: fullDownload?.sent)
            cursor = max(cursor, page.cursor)
            fullDownload = page.fullDownload
            wasFullDownload = wasFullDownload || page.isFullDownload
            let isLast = !page.hasMore && fullDownload == nil
            if !isLast { try Self.refuseStandingStill(page, before: before, cursor: cursor, fullDownload: fullDownload) }
            report(SyncProgress(phase: .downloading, completedChanges: changes.count, totalChanges: isLast ? changes.count : nil))
            if isLast { break }
        }
        guard cursor != start.checkpoint.cursor else { return }
        report(SyncProgress(phase: .applying, completedChanges: 0, totalChanges: changes.count))
        try apply(changes, through: cursor, as: device)
        if wasFullDownload { lastFullDownload = Date() }
    }

    /// A page's numbers are a log's: a position from 0 to below the last an Int64 holds (a
    /// device at that one would ask after it for good, and never download again), a count of
    /// uploads from 0.
    private static func refuseImpossible(_ page: SyncDownloadPage) throws {
        let problem: String? =
            if page.cursor < 0 { "it gave its log's position as \(page.cursor), which no log holds" }
            else if page.cursor == .max { "it gave its log's position as \(page.cursor), the last a log can hold, after which no change could follow" }
            else if let uploads = page.deviceUploads, uploads < 0 { "it counted \(uploads) uploads of this device, and a count is never below zero" }
            else { nil }
        guard let problem else { return }
        throw SyncError.invalidResponse(problem + "; nothing was changed. If this keeps happening, the server's owner should check it")
    }

    /// A page that says more follow moves on, past the cursor or further into a full
    /// download, and holds changes (a full download's last page may hold none: the log goes
    /// on after it). A server whose pages did neither (the same position again, or "more"
    /// with nothing in it) kept a sync asking for the next one without end.
    private static func refuseStandingStill(_ page: SyncDownloadPage, before: (cursor: Int64, sent: Int?),
                                            cursor: Int64, fullDownload: SyncFullDownloadPosition?) throws {
        let movedOn = cursor > before.cursor || (fullDownload.map { $0.sent > (before.sent ?? 0) } ?? false)
        if movedOn && (!page.changes.isEmpty || page.isFullDownload) { return }
        throw SyncError.invalidResponse(
            "it said more changes follow position \(before.cursor), but its page "
                + (page.changes.isEmpty ? "held none" : "did not move past it")
                + "; nothing was changed. If this keeps happening, the server's owner should check it")
    }

    /// Applies downloaded changes in a context whose author is the client's, with the
    /// records, clocks and cursor they change, in one save (see the Sync article for the
    /// rule). Keys are freed and moved, and models new to this device made, first, in saves
    /// of their own, so that their rows are known to the save that records them; a process
    /// killed between the saves leaves models no record names, which
    /// ``removeInterruptedDownloads()`` deletes before the download is applied again.
    /// `device`: the device the changes were downloaded for (see ``requireDevice(_:in:)``).
    private func apply(_ changes: [SyncChange], through cursor: Int64, as device: UUID) throws {
        let made = try makeNewModels(changes, as: device)

        let context = ownContext()
        let book = try SyncBookkeeping(context)
        try requireDevice(device, in: book)
        try book.load(syncIDs: changes.namedSyncIDs)
        for (syncID, id) in made { book.addRecord(syncID: syncID, entity: id.entityName, rowID: id.rowID) }
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
        var touched = context.insertedModelsArray + context.changedModelsArray
        for (_, id) in made {
            if let model = try context.model(entityName: id.entityName, rowID: id.rowID) { touched.append(model) }
        }
        if let modelsRuledByChanges { touched += try modelsRuledByChanges(touched, context) }
        // Found before the save and kept in it: a process stopped after the save, before its
        // app showed them, leaves them for the next sync to report (``earlierRuleBreaks``).
        let found = try SyncRuleBreak.found(in: touched, book: book)
        if !found.isEmpty {
            let foundIDs = Set(found.map(\.syncID))
            book.checkpoint.ruleBreakSyncIDs = book.checkpoint.ruleBreakSyncIDs.filter { !foundIDs.contains($0) } + found.map(\.syncID)
        }
        try context.save()
        downloadedRuleBreaks = found
    }

    /// Reports the models earlier downloads left breaking their rules that break them still
    /// (``earlierRuleBreaks``), and forgets those mended, deleted or reported by this sync's
    /// download.
    func checkEarlierRuleBreaks() throws {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        let kept = book.checkpoint.ruleBreakSyncIDs
        guard !kept.isEmpty else { return }
        let downloaded = Set(downloadedRuleBreaks.map(\.syncID))
        var models: [any PersistentModel] = []
        for syncID in kept where !downloaded.contains(syncID) {
            guard let record = try book.record(syncID: syncID), !record.isGone, record.rowID > 0,
                  let model = try context.model(entityName: record.entityName, rowID: record.rowID) else { continue }
            models.append(model)
        }
        earlierRuleBreaks = try SyncRuleBreak.found(in: models, book: book)
        let standing = earlierRuleBreaks.map(\.syncID) + downloadedRuleBreaks.map(\.syncID)
        guard standing != kept else { return }
        book.checkpoint.ruleBreakSyncIDs = standing
        try context.save()
    }

    /// Applies the changes' deletes, merges and writes of unique keys, then makes, with
    /// their attributes and the to-ones that must name a model, the models the changes
    /// insert that this device has no record of, and saves them; returns their rows by sync ID.
    private func makeNewModels(_ changes: [SyncChange], as device: UUID) throws -> [(UUID, PersistentIdentifier)] {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        try requireDevice(device, in: book)
        try book.load(syncIDs: changes.lazy.flatMap { [$0.syncID] + ($0.mergedInto.map { [$0] } ?? []) })
        // A merge gives a model this device holds the sync ID it merges into.
        var known = Set<UUID>()
        // The models here that take, by a merge, the sync ID a change names.
        var mergedHere: [UUID: SyncModelRecord] = [:]
        for change in changes where change.kind == .merge {
            guard let target = change.mergedInto, let record = try book.record(syncID: change.syncID), !record.isGone else { continue }
            known.insert(target)
            if let kept = try book.record(syncID: target), !kept.isGone {
                // Both are here: the later goes now, before any write gives its key to another model.
                if record.rowID > 0, kept.rowID > 0,
                   let model = try context.model(entityName: record.entityName, rowID: record.rowID), !model.isDeleted,
                   let earlier = try context.model(entityName: kept.entityName, rowID: kept.rowID), !earlier.isDeleted {
                    try context.mergeAsRemotelyMerged(model, into: earlier)
                }
            } else {
                mergedHere[target] = record
            }
        }
        // Deletes go first: a model deleted on the server may hold the unique key of a model
        // made after it, which would otherwise be saved onto its row (an upsert). A kill
        // after this save loses nothing: a delete of a live record is applied again (or
        // uploaded, which the server ignores).
        for change in changes where change.kind == .delete {
            guard let record = try book.record(syncID: change.syncID), !record.isGone, record.rowID > 0,
                  let model = try context.model(entityName: record.entityName, rowID: record.rowID) else { continue }
            try context.deleteAsRemotelyDeleted(model)
        }
        let newest = Self.newestValues(changes)
        try applyUniqueKeyWrites(changes, newest: newest, book: book, context: context)
        // A model the download also deletes needs no model here.
        let deletedHere = Set(changes.filter { $0.kind == .delete }.map(\.syncID))
        var made: [(syncID: UUID, model: any PersistentModel, change: SyncChange)] = []
        for change in changes where change.kind != .merge && change.kind != .delete {
            guard !deletedHere.contains(change.syncID), try book.record(syncID: change.syncID) == nil,
                  known.insert(change.syncID).inserted, let rules = schema.rules[change.entityName] else { continue }
            // A model made without one of these cannot be saved (reading the attribute
            // traps): the download stops here, in words, before any model is made.
            if let missing = schema.missingRequiredProperty(of: change) {
                throw SyncError.invalidChange("the server sent \(change.entityName) \(change.syncID) without its \(missing), which every "
                                              + "\(change.entityName) has; this download stops here, to be applied again at the next sync. A server given the app's schema refuses such a change; "
                                              + "tell the server's owner that its log holds one, taken before it checked uploads.")
            }
            let model = try context.emptyModel(entityName: change.entityName)
            // The download's latest values, not the insert's: a unique key the model had
            // when it was made may be another model's now, here too.
            for (name, stamped) in newest[change.syncID] ?? change.values where rules[name] == .attribute {
                guard let value = stamped.value.attributeValue else {
                    throw SyncError.invalidChange("the server sent related models for \(change.entityName).\(name), which holds a value.")
                }
                try context.setDownloadedAttribute(named: name, of: model, to: value, syncID: change.syncID)
            }
            made.append((change.syncID, model, change))
        }
        // Every model is made before any is related, as a model may name one made after it.
        let relations = try requiredRelations(of: made.map(\.change), newest: newest,
                                              made: Dictionary(made.map { ($0.syncID, $0.model) }, uniquingKeysWith: { first, _ in first }),
                                              deletedHere: deletedHere, mergedHere: mergedHere, book: book, context: context)
        made.removeAll { relations[$0.syncID] == nil }
        for (syncID, model, _) in made {
            for (name, named) in relations[syncID] ?? [] { try context.setRelationship(named: name, of: model, to: [named]) }
        }
        for (_, model, _) in made where model.modelContext == nil { context.insert(model) }
        guard context.hasChanges else { return [] }
        try context.save()
        return made.map { ($0.syncID, $0.model.persistentModelID) }
    }

    /// The latest value of each property of each model that more than one insert or
    /// update of the download changes, by the clock (a model changed once takes its
    /// change's values).
    static func newestValues(_ changes: [SyncChange]) -> [UUID: [String: SyncStampedValue]] {
        var count: [UUID: Int] = [:]
        for change in changes where change.kind == .insert || change.kind == .update { count[change.syncID, default: 0] += 1 }
        var newest: [UUID: [String: SyncStampedValue]] = [:]
        for change in changes where (change.kind == .insert || change.kind == .update) && count[change.syncID, default: 0] > 1 {
            for (name, stamped) in change.values {
                if let known = newest[change.syncID]?[name], known.clock >= stamped.clock { continue }
                newest[change.syncID, default: [:]][name] = stamped
            }
        }
        return newest
    }

    /// Applies, before new models are made, the download's writes of unique attributes of
    /// models this device holds, by the rule (the later write wins; the app's writes not
    /// yet uploaded stay): a key a model gives up (another device's update, or one a
    /// server wrote back, see the Sync article) must be free here before a model takes it,
    /// or the save would put the new model onto the old one's row. Saved with the deletes
    /// before them; when models exchange keys, one model at a time, each waiting for the
    /// one whose key it takes, and a ring of them broken by a passing value.
    private func applyUniqueKeyWrites(_ changes: [SyncChange], newest: [UUID: [String: SyncStampedValue]], book: SyncBookkeeping,
                                      context: ModelContext) throws {
        var latest: [(syncID: UUID, values: [String: SyncStampedValue])] = []
        var seen = Set<UUID>()
        for change in changes where change.kind == .update && seen.insert(change.syncID).inserted {
            let unique = Set((schema.uniqueConstraints[change.entityName] ?? []).joined())
            let values = (newest[change.syncID] ?? change.values).filter { unique.contains($0.key) }
            if !values.isEmpty { latest.append((change.syncID, values)) }
        }
        guard !latest.isEmpty else { return }
        let pending = try pendingLocalWrites(context, book: book)
        var writes: [(model: any PersistentModel, syncID: UUID, values: [String: SyncValue])] = []
        for (syncID, stampedValues) in latest {
            guard let record = try book.record(syncID: syncID), !record.isGone, record.rowID > 0,
                  let model = try context.model(entityName: record.entityName, rowID: record.rowID), !model.isDeleted else { continue }
            let pendingNames = pending[SyncBookkeeping.RowKey(entity: record.entityName, rowID: record.rowID)]
            var values: [String: SyncValue] = [:]
            for (name, stamped) in stampedValues {
                if let local = try book.clock(of: syncID, name), stamped.clock <= local { continue }
                if let pendingNames, pendingNames?.contains(name) ?? true { continue }
                values[name] = stamped.value
            }
            if !values.isEmpty { writes.append((model, syncID, values)) }
        }
        guard !writes.isEmpty else { return }
        if context.hasChanges { try context.save() }
        for write in writes { try set(write.values, of: write.model, syncID: write.syncID, in: context) }
        do {
            try context.save()
            return
        } catch {
            context.rollback()
        }
        var stepsAside = 0
        while !writes.isEmpty {
            let before = writes.count
            for write in writes {
                try set(write.values, of: write.model, syncID: write.syncID, in: context)
                do {
                    try context.save()
                    writes.removeAll { $0.model === write.model }
                } catch {
                    context.rollback()
                }
            }
            guard writes.count == before, let first = writes.first else { continue }
            // Each waits for another (or for a model of this device's own): the first steps
            // aside, through a value no model holds, once per model at most.
            let entity = first.model.persistentModelID.entityName
            let names = first.values.keys.sorted().joined(separator: ", ")
            stepsAside += 1
            guard stepsAside <= before else {
                throw SyncError.invalidChange(
                    "the download gives a \(entity) the \(names) another \(entity) here keeps, so the sync stops here; the download is applied again "
                        + "at the next sync. Change the \(names) of one of them on this device, then sync again.")
            }
            for (name, value) in first.values
            where !Self.passingValues(like: value).contains(where: { (try? context.setAttribute(named: name, of: first.model, to: $0)) != nil }) {
                throw SyncError.invalidChange(
                    "the download gives models of \(entity) each other's \(names) at once, and no passing value of its type lets one step aside, "
                        + "so the sync stops here; the download is applied again at the next sync. Change one of them on the device that made the exchange, then sync again.")
            }
            try context.save()
        }
    }

    private func set(_ values: [String: SyncValue], of model: any PersistentModel, syncID: UUID, in context: ModelContext) throws {
        for (name, value) in values {
            guard let stored = value.attributeValue else {
                throw SyncError.invalidChange("the server sent related models for \(model.persistentModelID.entityName).\(name), which holds a value.")
            }
            try context.setDownloadedAttribute(named: name, of: model, to: stored, syncID: syncID)
        }
    }

    /// Values of the kind of `value` that no model holds, for a model to hold while it
    /// steps aside from a key another takes.
    private static func passingValues(like value: SyncValue) -> [DefaultSnapshot.Value] {
        let passing: [SyncValue] = switch value {
        case .text: [.text(UUID().uuidString), .text("\u{1}" + UUID().uuidString)]
        case .integer: [.integer(Int64.random(in: Int64.min ... Int64.min / 2))]
        case .real: [.real(-Double.random(in: 1e300 ... 1e301))]
        case .bytes: [.bytes(Data(UUID().uuidString.utf8))]
        default: []
        }
        return passing.compactMap(\.attributeValue)
    }

    /// The models each new model's required to-ones name (``SyncedSchema/requiredToOnes``),
    /// by the latest write of each in the download: one the download makes, or one this
    /// device holds. A new model naming one this device deleted since its last upload is
    /// left out, as is one naming a model left out: the device's upload of the delete has
    /// the server delete it too, and the download after brings that delete. Throws, in
    /// words, for a model naming one deleted everywhere that the download does not delete,
    /// which only a server without the app's schema sends.
    private func requiredRelations(of new: [SyncChange], newest: [UUID: [String: SyncStampedValue]], made: [UUID: any PersistentModel],
                                   deletedHere: Set<UUID>, mergedHere: [UUID: SyncModelRecord], book: SyncBookkeeping,
                                   context: ModelContext) throws -> [UUID: [(String, any PersistentModel)]] {
        var relations: [UUID: [(String, any PersistentModel)]] = [:]
        var leftOut = Set<UUID>()
        var settled = false
        while !settled {
            settled = true
            for change in new where !leftOut.contains(change.syncID) {
                let (syncID, entity) = (change.syncID, change.entityName)
                var named: [(String, any PersistentModel)] = []
                for (name, destination) in (schema.requiredToOnes[entity] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard case .reference(let target)? = (newest[syncID] ?? change.values)[name]?.value else { continue }
                    if let model = made[target], !leftOut.contains(target) {
                        named.append((name, model))
                        continue
                    }
                    if made[target] == nil, !deletedHere.contains(target),
                       let record = try mergedHere[target] ?? book.record(syncID: target), !record.isGone {
                        if record.rowID > 0, let model = try context.model(entityName: record.entityName, rowID: record.rowID), !model.isDeleted {
                            named.append((name, model))
                            continue
                        }
                        // Deleted here since the last upload: the server deletes this model with it.
                        leftOut.insert(syncID)
                        settled = false
                        break
                    }
                    if leftOut.contains(target) {
                        leftOut.insert(syncID)
                        settled = false
                        break
                    }
                    throw SyncError.invalidChange(
                        "the server sent \(entity) \(syncID) naming as its \(name) a \(destination) that is deleted, without deleting it "
                            + "as every \(entity) goes with its \(destination); this download stops here, to be applied again at the next sync. A server given the app's "
                            + "schema deletes such models; tell the server's owner that it runs without it.")
                }
                relations[syncID] = named
            }
        }
        return relations.filter { !leftOut.contains($0.key) }
    }

    /// Deletes the models an interrupted download made and never recorded: the ones its
    /// author inserted after the last upload that no record names. The download that made
    /// them is applied again, as its cursor was not saved.
    func removeInterruptedDownloads() throws {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        let after = DefaultHistoryToken(storeIdentifier: "", transaction: book.checkpoint.historyTransaction)
        let transactions = try context.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>(predicate: #Predicate { $0.token > after }))
            .filter { $0.author == author }
        let inserted = transactions.flatMap(\.changes).compactMap { change -> PersistentIdentifier? in
            guard case .insert(let insert) = change, schema.rules[insert.changedPersistentIdentifier.entityName] != nil else { return nil }
            return insert.changedPersistentIdentifier
        }
        try book.load(rows: inserted.map { SyncBookkeeping.RowKey(entity: $0.entityName, rowID: $0.rowID) })
        for transaction in transactions {
            for case .insert(let insert) in transaction.changes {
                let id = insert.changedPersistentIdentifier
                guard schema.rules[id.entityName] != nil, try book.record(entity: id.entityName, rowID: id.rowID) == nil,
                      let model = try context.model(entityName: id.entityName, rowID: id.rowID) else { continue }
                context.delete(model)
            }
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
    private var relationships: [(model: any PersistentModel, entity: String, name: String, value: SyncValue)] = []
    private var ownersToOrder: [OwnerKey: Void] = [:]
    /// The many-to-many pairs the download changed, member or not, by owner.
    private var memberPairs: [OwnerKey: [UUID: Bool]] = [:]
    /// The one-to-one sides the download wrote, to be related where both sides name each other.
    private var oneToOneSides: [(model: any PersistentModel, record: SyncModelRecord, name: String, inverse: String)] = []
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
        guard let record = try book.record(syncID: syncID), !record.isGone else { return }
        if try book.record(syncID: target) == nil {
            try book.rename(record, to: target)
        } else {
            // Both are here: the later went, as the server made it the earlier, in the
            // download's first save; its members joined the earlier's, to be put in order.
            book.markGone(record)
            if let model = try context.model(entityName: record.entityName, rowID: record.rowID) { try context.deleteAsRemotelyDeleted(model) }
            for (name, rule) in schema.rules[record.entityName] ?? [:] {
                switch rule {
                case .members, .manyToMany: ownersToOrder[OwnerKey(syncID: target, entity: record.entityName, property: name)] = ()
                default: continue
                }
            }
        }
    }

    /// Applies one insert, update or delete.
    mutating func apply(_ change: SyncChange) throws {
        guard let rules = schema.rules[change.entityName] else {
            throw SyncError.invalidChange("the server sent a change of \(change.entityName), which this app's models do not have.")
        }
        let record = try book.record(syncID: change.syncID)
        if change.kind == .delete {
            guard let record else {
                book.addRecord(syncID: change.syncID, entity: change.entityName, rowID: 0, isGone: true)
                return
            }
            guard !record.isGone else { return }
            let model = try model(of: record)
            book.markGone(record)
            if let model { try context.deleteAsRemotelyDeleted(model) }
            return
        }
        if record?.isGone == true { return }
        guard let record, let model = try self.model(of: record) else {
            // Models new to this device were made before: a change of a model that is
            // not here was deleted here and not yet uploaded, and the delete wins.
            return
        }
        for name in change.values.keys.sorted() {
            guard let stamped = change.values[name] else { continue }
            // A model made by this download has no clocks yet: it takes every value of its insert.
            if let local = try book.clock(of: change.syncID, name), stamped.clock <= local { continue }
            if let pair = schema.memberPair(name, of: change.entityName) {
                try applyMemberPair(pair, stamped, of: model, record: record)
                continue
            }
            guard let rule = rules[name] else { continue }
            if isPendingLocally(record, name) { continue }
            switch rule {
            case .attribute:
                guard let value = stamped.value.attributeValue else {
                    throw SyncError.invalidChange("the server sent related models for \(change.entityName).\(name), which holds a value.")
                }
                try context.setDownloadedAttribute(named: name, of: model, to: value, syncID: change.syncID)
                try book.noteWrite(of: change.syncID, name, at: stamped.clock)
            case .members, .manyToMany:
                try book.noteWrite(of: change.syncID, name, at: stamped.clock, order: stamped.value.referencedIDs)
                ownersToOrder[OwnerKey(syncID: change.syncID, entity: change.entityName, property: name)] = ()
            case .oneToOne(_, let inverse):
                try book.noteWrite(of: change.syncID, name, at: stamped.clock, order: stamped.value.referencedIDs)
                oneToOneSides.append((model, record, name, inverse))
            case .toOne, .toMany:
                try book.noteWrite(of: change.syncID, name, at: stamped.clock)
                relationships.append((model, change.entityName, name, stamped.value))
            case .keptByInverse:
                // Kept from its inverse; only a server that took it unchecked sends it.
                continue
            }
        }
    }

    /// Notes one pair of a many-to-many relationship, member or not, for ``finish()`` to
    /// apply. A pair the app changed since the last upload is left as the app left it:
    /// its write is uploaded next, later than this one.
    private mutating func applyMemberPair(_ pair: (relationship: String, member: UUID), _ stamped: SyncStampedValue,
                                          of owner: any PersistentModel, record: SyncModelRecord) throws {
        if isPendingLocally(record, pair.relationship) {
            let held = try DefaultSnapshot(from: owner).identifiers(forKey: pair.relationship)
            let isHeld = try held.contains { try syncID(of: $0) == pair.member }
            let wasWritten = try book.lastWrittenMembers(of: record.syncID, pair.relationship).contains(pair.member)
            if isHeld != wasWritten { return }
        }
        let isMember = stamped.value == SyncedSchema.isMember
        try book.noteMemberPair(of: record.syncID, pair.relationship, member: pair.member, isMember: isMember, at: stamped.clock)
        let key = OwnerKey(syncID: record.syncID, entity: record.entityName, property: pair.relationship)
        memberPairs[key, default: [:]][pair.member] = isMember
        ownersToOrder[key] = ()
    }

    /// Sets the relationships the download changed, then puts in order each owner whose members changed.
    mutating func finish() throws {
        for (model, entity, name, value) in relationships {
            let members = try value.referencedIDs.compactMap { try self.model(syncID: $0) }
            // One that must name a model names one that is gone: the server deleted this
            // model with it, and its delete is in this download.
            if members.isEmpty, schema.isRequiredToOne(name, of: entity) { continue }
            if case .toOne(let destination) = schema.rules[entity]?[name],
               let orderName = schema.rules[destination]?.first(where: { $0.value == .members(destination: entity, inverse: name) })?.key {
                // Leaving one owner keeps the others in order; joining one needs placing.
                for owner in members {
                    if let ownerID = try syncID(of: owner) {
                        ownersToOrder[OwnerKey(syncID: ownerID, entity: destination, property: orderName)] = ()
                    }
                }
            }
            try context.setRelationship(named: name, of: model, to: members)
        }
        try applyMemberPairs()
        try relateOneToOneSides()
        for key in ownersToOrder.keys {
            guard let owner = try model(syncID: key.syncID), !owner.isDeleted else { continue }
            // A many-to-many the app changed since the last upload keeps the app's order: it is uploaded next.
            if case .manyToMany = schema.rules[key.entity]?[key.property], let record = try book.record(syncID: key.syncID),
               isPendingLocally(record, key.property) { continue }
            let identifiers = try DefaultSnapshot(from: owner).identifiers(forKey: key.property)
            try book.load(rows: identifiers.map { SyncBookkeeping.RowKey(entity: $0.entityName, rowID: $0.rowID) })
            let current = try identifiers.compactMap { try syncID(of: $0) }
            let ordered = SyncedSchema.orderedMembers(current, order: try book.order(of: key.syncID, key.property))
            guard ordered != current else { continue }
            let models = try ordered.compactMap { try model(syncID: $0) }
            try context.setRelationship(named: key.property, of: owner, to: models)
        }
    }

    /// Adds and takes out the members whose pairs the download changed; the owners are
    /// put in order after.
    private func applyMemberPairs() throws {
        for (key, pairs) in memberPairs {
            guard let owner = try model(syncID: key.syncID), !owner.isDeleted else { continue }
            let held = try DefaultSnapshot(from: owner).identifiers(forKey: key.property)
            try book.load(rows: held.map { SyncBookkeeping.RowKey(entity: $0.entityName, rowID: $0.rowID) })
            var members: [any PersistentModel] = []
            var kept = Set<UUID>()
            for id in held {
                guard let member = try syncID(of: id), pairs[member] != false,
                      let model = try model(syncID: member), kept.insert(member).inserted else { continue }
                members.append(model)
            }
            for (member, isMember) in pairs.sorted(by: { $0.key.uuidString < $1.key.uuidString }) where isMember && !kept.contains(member) {
                guard let model = try model(syncID: member), !model.isDeleted else { continue }
                members.append(model)
            }
            try context.setRelationship(named: key.property, of: owner, to: members)
        }
    }

    /// Relates each one-to-one side the download wrote to the model it names when that
    /// model's side names it back, and to none otherwise; the engine unsets the sides
    /// that named either before. A side the app changed since the last upload is left as
    /// the app left it.
    private func relateOneToOneSides() throws {
        for (model, record, name, inverse) in oneToOneSides where !model.isDeleted && !isPendingLocally(record, name) {
            var partner: (any PersistentModel)?
            if let named = try book.lastWrittenPartner(of: record.syncID, name),
               try book.lastWrittenPartner(of: named, inverse) == record.syncID,
               let candidate = try self.model(syncID: named), !candidate.isDeleted,
               let partnerRecord = try book.record(syncID: named) {
                if isPendingLocally(partnerRecord, inverse) { continue }
                partner = candidate
            }
            let current: PersistentIdentifier?
            if case .model(let id)? = try DefaultSnapshot(from: model).values[name] { current = id } else { current = nil }
            guard current != partner?.persistentModelID else { continue }
            try context.setRelationship(named: name, of: model, to: partner.map { [$0] } ?? [])
        }
    }

    private func isPendingLocally(_ record: SyncModelRecord, _ name: String) -> Bool {
        guard let pending = pendingLocalWrites[SyncBookkeeping.RowKey(entity: record.entityName, rowID: record.rowID)] else { return false }
        return pending?.contains(name) ?? true
    }

    private func model(of record: SyncModelRecord) throws -> (any PersistentModel)? {
        guard record.rowID > 0 else { return nil }
        return try context.model(entityName: record.entityName, rowID: record.rowID)
    }

    private func model(syncID: UUID) throws -> (any PersistentModel)? {
        guard let record = try book.record(syncID: syncID), !record.isGone else { return nil }
        return try model(of: record)
    }

    private func syncID(of model: any PersistentModel) throws -> UUID? {
        try syncID(of: model.persistentModelID)
    }

    private func syncID(of id: PersistentIdentifier) throws -> UUID? {
        try book.record(entity: id.entityName, rowID: id.rowID)?.syncID
    }
}
