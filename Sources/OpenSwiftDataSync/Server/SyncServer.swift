import Foundation
import OpenSwiftData

/// A sync server's logic, transport-agnostic: each account's change log and current
/// state, kept in a model container (SQLite, or PostgreSQL with the `PostgreSQL` trait).
///
/// The container's schema must include ``models``. Every request names its account and
/// is refused unless the caller signed in as that account; every request names its
/// schema version and is refused unless it is the server's.
///
/// An upload is applied whole, in one save, and once: a batch sent again (same ID)
/// changes nothing. Each property keeps the value written last by the hybrid logical
/// clock; a delete is final; a model inserted with the unique key of a live model is
/// merged into it (see the Sync article).
public actor SyncServer {
    /// The server's models, which its container's schema must include.
    public static let models: [any PersistentModel.Type] = [
        SyncServerLogEntry.self, SyncServerRecord.self, SyncServerProperty.self, SyncServerUniqueKey.self, SyncServerBatch.self,
        SyncServerCompaction.self, SyncServerDevice.self, SyncServerSchemaVersion.self,
    ]

    /// Where the logs and states are kept.
    public nonisolated let modelContainer: ModelContainer
    /// The schema version devices must have.
    public nonisolated let schemaVersion: String
    /// How far ahead of the server's clock, in seconds, an upload's changes may be stamped.
    public nonisolated let maximumClockLead: TimeInterval
    /// The checks of an upload by the app's schema; nil when the server was given none.
    private let batchCheck: SyncBatchCheck?

    /// A server keeping its data in the container. Throws when the container's schema lacks ``models``.
    ///
    /// Give it the app's `schema` (the one devices sync, see ``SyncedSchema``) and it
    /// refuses, naming the change, an upload that no device could apply: a model or
    /// property the app does not have, a value of the wrong kind, a new model without a
    /// field every model of its entity has. Without one it takes any well-formed change,
    /// and a device handed one it cannot apply stops its sync there.
    ///
    /// The first time it starts on a schema version, a server given the app's schema carries
    /// the members of each relationship that an earlier version synced by another rule:
    /// a to-many with no inverse given one (a many-to-many, or a to-one on its members) keeps
    /// the members the earlier version synced as one value (see the Sync article).
    ///
    /// It refuses (``SyncError/clockAhead(_:)``) an upload holding a change stamped more than
    /// `maximumClockLead` seconds (an hour unless given) ahead of its own clock: a device
    /// whose date is set ahead would otherwise win every later write of what it changed, on
    /// every device, until the others' clocks passed its own. The device stamps its changes
    /// again once its date is right (see the Sync article).
    public init(modelContainer: ModelContainer, schemaVersion: String, schema: SyncedSchema? = nil,
                maximumClockLead: TimeInterval = 3600) throws {
        let names = Set(modelContainer.schema.entities.map(\.name))
        guard Set(Self.models.map { $0._$entityName }).isSubset(of: names) else {
            throw SyncError.unsupportedSetup("the server's container lacks the server's models; make it with SyncServer.models.")
        }
        guard maximumClockLead.isFinite, maximumClockLead > 0, maximumClockLead <= 366 * 86_400 else {
            throw SyncError.unsupportedSetup("the largest clock lead is \(maximumClockLead) seconds; give a number of seconds "
                                             + "above 0 and at most a year (31622400), such as 3600 (an hour).")
        }
        self.modelContainer = modelContainer
        self.schemaVersion = schemaVersion
        self.maximumClockLead = maximumClockLead
        self.batchCheck = schema.map(SyncBatchCheck.init(schema:))
        if let schema { try Self.carryEarlierMembers(to: schema, version: schemaVersion, in: modelContainer) }
    }

    /// Applies a batch for the account signed in as `account`, once. Throws
    /// ``SyncError/invalidChange(_:)`` naming a change the server refuses, and
    /// ``SyncError/clockAhead(_:)`` for a change stamped too far ahead; nothing is changed then.
    public func upload(_ batch: SyncUploadBatch, signedInAs account: String) throws -> SyncUploadReceipt {
        try check(account: batch.account, signedInAs: account, schemaVersion: batch.schemaVersion)
        try batch.checkStamps()
        try batchCheck?.check(batch)
        return try Self.record(batch, in: ModelContext(modelContainer), checkedBy: batchCheck, lead: maximumClockLead)
    }

    /// Records an upload in the server's store: once, in one transaction from its first read
    /// to its save. Another server of the same store (another process on the file, or on the
    /// PostgreSQL database) waits, so that each upload's log positions follow every one
    /// recorded before it, and what the ledger read of the models still holds when it writes:
    /// two at once numbered their changes alike, and a device's cursor passed the changes of
    /// one it had not read.
    ///
    /// A batch applied before is answered as it was, however its clock compares with the
    /// server's now: only a new one is held to the clock lead.
    private nonisolated static func record(_ batch: SyncUploadBatch, in context: ModelContext,
                                           checkedBy batchCheck: SyncBatchCheck?, lead: TimeInterval) throws -> SyncUploadReceipt {
        let batchAccount = batch.account, batchID = batch.id
        var receipt = SyncUploadReceipt(batchID: batch.id, recordedChanges: 0, wasDuplicate: false)
        try context.transaction {
            if let earlier = try context.fetch(FetchDescriptor<SyncServerBatch>(
                predicate: #Predicate { $0.account == batchAccount && $0.batchID == batchID })).first {
                receipt = SyncUploadReceipt(batchID: batch.id, recordedChanges: earlier.recordedChanges, wasDuplicate: true,
                                            deviceUploads: earlier.deviceUploads)
                return
            }
            try batch.checkLead(of: lead, now: Date())
            var ledger = try ServerLedger(context: context, account: batch.account, device: batch.device, batchCheck: batchCheck)
            // Every insert is given its identity first, so that a change of the batch that
            // names a model merged by its unique key names the one it was merged into.
            // A model the batch deletes no longer holds its keys for the batch's inserts: the
            // device deleted it before it made a model with one of them.
            ledger.deletedByBatch = Set(batch.changes.filter { $0.kind == .delete }.map(\.syncID))
            try ledger.preload(batch.changes)
            // Keys the batch's updates move are decided first: a key one of them gives up is free
            // for an insert of the batch, as it was on the device.
            try ledger.decideKeyChanges(batch.changes)
            for change in batch.changes where change.kind == .insert { try ledger.admit(change) }
            var recorded = 0
            for change in batch.changes { recorded += try ledger.record(change) }
            recorded += try ledger.deleteModelsLeftWithoutRequiredModel()
            let uploads = try countUpload(of: batch.device, account: batch.account, in: context)
            context.insert(SyncServerBatch(account: batch.account, batchID: batch.id, recordedChanges: recorded, deviceUploads: uploads))
            receipt = SyncUploadReceipt(batchID: batch.id, recordedChanges: recorded, wasDuplicate: false, deviceUploads: uploads)
        }
        return receipt
    }

    /// The server's count of the device's uploads, if it has applied one.
    private nonisolated static func count(of device: UUID, account: String, in context: ModelContext) throws -> SyncServerDevice? {
        try context.fetch(FetchDescriptor<SyncServerDevice>(predicate: #Predicate { $0.account == account && $0.device == device })).first
    }

    /// Adds an upload to the device's count; returns the count with it.
    private nonisolated static func countUpload(of device: UUID, account: String, in context: ModelContext) throws -> Int64 {
        guard let known = try count(of: device, account: account, in: context) else {
            context.insert(SyncServerDevice(account: account, device: device, uploads: 1))
            return 1
        }
        known.uploads += 1
        return known.uploads
    }

    /// The account's changes after the request's cursor, at most `limit` of them, without
    /// the ones the requesting device uploaded (it holds them); or, when the log no longer
    /// holds the changes after that cursor (see ``compactLog(recordedBefore:)``), a page of
    /// the account's full download.
    /// Each page says how many of the device's uploads the server has applied (see
    /// ``SyncDownloadPage/deviceUploads``).
    public func download(_ request: SyncDownloadRequest, signedInAs account: String) throws -> SyncDownloadPage {
        try check(account: request.account, signedInAs: account, schemaVersion: request.schemaVersion)
        let context = ModelContext(modelContainer)
        let deviceUploads = try Self.count(of: request.device, account: request.account, in: context)?.uploads ?? 0
        var page = try page(for: request, in: context)
        page.deviceUploads = deviceUploads
        return page
    }

    private func page(for request: SyncDownloadRequest, in context: ModelContext) throws -> SyncDownloadPage {
        if let position = try fullDownloadPosition(for: request, in: context) {
            return try fullDownloadPage(account: request.account, at: position, limit: max(request.limit, 1), in: context)
        }
        let requested = request.account, cursor = request.cursor, device: UUID? = request.device
        // The log's end is read first, so that a page that skips the device's own changes
        // to the end moves the cursor past them, and past nothing recorded after the read.
        var last = FetchDescriptor<SyncServerLogEntry>(predicate: #Predicate { $0.account == requested },
                                                       sortBy: [SortDescriptor(\.sequence, order: .reverse)])
        last.fetchLimit = 1
        let end = max(try context.fetch(last).first?.sequence ?? 0, try Self.compactedThrough(account: requested, in: context))
        guard cursor <= end else {
            // Only a server whose data went back (put back from an older copy) has a log
            // shorter than what a device downloaded: going on would skip, unseen, every
            // change recorded at the positions the device has already passed.
            throw SyncError.invalidChange(
                "this device has downloaded account \(requested)'s changes through position \(cursor), but the server's log ends at \(end): "
                    + "the server's data is older than the device's. Nothing was changed; bring back the server's newer data, "
                    + "or sync the account into a new store on this device.")
        }
        var descriptor = FetchDescriptor<SyncServerLogEntry>(
            predicate: #Predicate { $0.account == requested && $0.sequence > cursor && $0.sequence <= end && $0.device != device },
            sortBy: [SortDescriptor(\.sequence)])
        let limit = max(request.limit, 1)
        descriptor.fetchLimit = limit + 1
        let entries = try context.fetch(descriptor)
        let page = entries.prefix(limit)
        let hasMore = entries.count > limit
        let decoder = JSONDecoder()
        let changes = try page.map { entry in
            do {
                return try SyncChange(wireJSON: entry.payload) ?? decoder.decode(SyncChange.self, from: entry.payload)
            } catch {
                throw SyncError.invalidChange("entry \(entry.sequence) of account \(requested)'s log could not be read (\(error)).")
            }
        }
        return SyncDownloadPage(changes: changes, cursor: hasMore ? (page.last?.sequence ?? cursor) : end, hasMore: hasMore)
    }

    /// The account's live models as the server holds them. The members of a to-many
    /// relationship kept by its members' to-one, or by its pairs (a many-to-many), are
    /// found, and ordered, by the rule of `schema` (see
    /// ``SyncedSchema/orderedMembers(_:order:)``); a one-to-one names a model only when
    /// that model names it back; the side of a many-to-many that sync does not send is
    /// left out, as every device's state leaves it out.
    public func currentState(account: String, schema: SyncedSchema) throws -> [SyncModelState] {
        let context = ModelContext(modelContainer)
        let records = try context.fetch(FetchDescriptor<SyncServerRecord>(predicate: #Predicate { $0.account == account }))
        let live = Dictionary(records.filter { !$0.isGone && $0.mergedInto == nil }.map { ($0.syncID, $0.entityName) },
                              uniquingKeysWith: { first, _ in first })
        let properties = try context.fetch(FetchDescriptor<SyncServerProperty>(predicate: #Predicate { $0.account == account }))
        var values: [UUID: [String: SyncValue]] = [:]
        let decoder = JSONDecoder()
        for property in properties where live[property.syncID] != nil {
            values[property.syncID, default: [:]][property.name] = try SyncValue.read(property.value, decoder: decoder)
        }
        var states: [SyncModelState] = []
        for (syncID, entity) in live {
            var state: [String: SyncValue] = [:]
            for (name, rule) in schema.rules[entity] ?? [:] {
                let value = values[syncID]?[name] ?? .null
                switch rule {
                case .attribute:
                    state[name] = value
                case .toOne:
                    if case .reference(let target) = value, live[target] != nil { state[name] = value } else { state[name] = .null }
                case .toMany:
                    state[name] = .references(value.referencedIDs.filter { live[$0] != nil })
                case .members(let destination, let inverse):
                    let members = live.filter { $0.value == destination && values[$0.key]?[inverse] == .reference(syncID) }.map(\.key)
                    state[name] = .references(SyncedSchema.orderedMembers(members, order: value.referencedIDs))
                case .oneToOne(_, let inverse):
                    // Related only when each side names the other.
                    if case .reference(let target) = value, live[target] != nil, values[target]?[inverse] == .reference(syncID) {
                        state[name] = value
                    } else {
                        state[name] = .null
                    }
                case .manyToMany:
                    let members = SyncedSchema.members(ofPairs: values[syncID] ?? [:], relationship: name).filter { live[$0] != nil }
                    state[name] = .references(SyncedSchema.orderedMembers(members, order: value.referencedIDs))
                case .keptByInverse:
                    continue
                }
            }
            states.append(SyncModelState(entityName: entity, syncID: syncID, values: state))
        }
        return states.sortedForComparison()
    }

    private func check(account: String, signedInAs signedIn: String, schemaVersion version: String) throws {
        guard account == signedIn else { throw SyncError.wrongAccount(requested: account, signedIn: signedIn) }
        guard version == schemaVersion else { throw SyncError.schemaVersionMismatch(device: version, server: schemaVersion) }
    }
}
