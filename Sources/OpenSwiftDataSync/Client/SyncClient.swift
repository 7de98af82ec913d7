import Foundation
import OpenSwiftData

/// Syncs a model container's models with a sync server of one's own.
///
/// Local saves never wait for it: ``syncOnce()`` uploads what the store's history
/// recorded since its last upload (leaving out its own writes), then downloads what
/// the server has recorded since its cursor and applies it in a context whose author is
/// ``author``, so that what it applies is never uploaded back. The rule that decides
/// between concurrent writes is in the Sync article.
///
/// The container's schema must include ``models`` (the client's notes, kept in the
/// same store so that a change and its note are saved together):
///
/// ```swift
/// let container = try ModelContainer(for: Schema([Card.self] + SyncClient.models), configurations: [configuration])
/// let client = try SyncClient(modelContainer: container, account: "alice", transport: transport)
/// try await client.syncOnce()
/// ```
public actor SyncClient {
    /// The client's notes, which the container's schema must include.
    public static let models: [any PersistentModel.Type] = [SyncModelRecord.self, SyncPropertyClock.self, SyncCheckpoint.self]
    static let bookkeepingEntities: Set<String> = Set(models.map { $0._$entityName })

    /// The container whose models are synced.
    public nonisolated let modelContainer: ModelContainer
    /// The account whose data this device syncs.
    public nonisolated let account: String
    /// The schema version sent with each request; the server refuses another version than its own.
    public nonisolated let schemaVersion: String
    /// The author of the client's own saves; saves by this author are never uploaded.
    public nonisolated let author: String
    /// How many changes to ask for per download page.
    public nonisolated let pageSize: Int
    /// How many changes to send per upload request: a larger upload is sent in parts,
    /// each applied whole by the server (see ``SyncUploadBatch``).
    public nonisolated let changesPerUpload: Int
    /// The changes per upload request unless a client is given another number: a server's
    /// limit on a batch must be at least this for such clients to sync.
    public static let defaultChangesPerUpload = 5_000
    let transport: any SyncTransport
    let schema: SyncedSchema
    /// The models whose rules a download's changes can break without changing them; see
    /// ``init(modelContainer:account:transport:schemaVersion:author:pageSize:changesPerUpload:modelsRuledByChanges:)``.
    let modelsRuledByChanges: SyncRulesAcrossModels?

    /// What the client is doing or last found.
    public private(set) var status: SyncStatus = .idle {
        didSet { for continuation in statusContinuations.values { continuation.yield(status) } }
    }
    private var statusContinuations: [UUID: AsyncStream<SyncStatus>.Continuation] = [:]
    /// When this client last had to download the account's whole state, because the
    /// server had compacted the changes it missed (offline longer than the server keeps
    /// its log); nil when it never had to.
    public internal(set) var lastFullDownload: Date?
    /// When this client last found its store to be a copy of one that had uploaded more
    /// (put back from a backup made before its last sync, or a second copy syncing as the
    /// same device) and continued it as a new device, downloading the account from the
    /// start; nil when it never did.
    public internal(set) var lastContinuedAsNewDevice: Date?
    /// The models the last sync's download left breaking their own rules
    /// (``ValidatingModel``), which the app should show for its user to mend; empty when
    /// it left none, or downloaded nothing. See ``SyncRuleBreak``.
    public internal(set) var downloadedRuleBreaks: [SyncRuleBreak] = []
    /// The models earlier syncs' downloads left breaking their rules that the last sync
    /// found breaking them still, not counting those in ``downloadedRuleBreaks``: until
    /// its user mends one, every sync reports it here, so that one stopped before its app
    /// showed what it brought loses nothing. Empty when none stands.
    public internal(set) var earlierRuleBreaks: [SyncRuleBreak] = []
    /// The background loop of ``startSyncing(every:delayAfterSave:)``, when started.
    var background = SyncBackgroundState()
    private var runningSync: Task<Void, any Error>?

    /// A client for the container's models. Throws when the container's schema lacks
    /// ``models``, or has a relationship sync cannot keep yet (the error names it).
    ///
    /// - Parameters:
    ///   - schemaVersion: the version of the models' schema; the container schema's version when nil.
    ///   - author: the author of the client's saves, which an app's own contexts must not use.
    ///   - pageSize: how many changes to ask for per download page.
    ///   - changesPerUpload: how many changes to send per upload request, under the server's
    ///     limit on a batch.
    ///   - modelsRuledByChanges: given the models a download changed, in the download's
    ///     context, the models whose rules (``ValidatingModel``) depend on them without
    ///     changing with them: a grading submission whose rule is that its cards were acquired
    ///     before it was sent, where a card does not know its submissions. A download checks
    ///     their rules too, and reports those broken as it does the models it changed
    ///     (``downloadedRuleBreaks``), until they are mended.
    public init(modelContainer: ModelContainer, account: String, transport: any SyncTransport,
                schemaVersion: String? = nil, author: String = "sync", pageSize: Int = 500,
                changesPerUpload: Int = defaultChangesPerUpload, modelsRuledByChanges: SyncRulesAcrossModels? = nil) throws {
        let entityNames = Set(modelContainer.schema.entities.map(\.name))
        guard Self.bookkeepingEntities.isSubset(of: entityNames) else {
            throw SyncError.unsupportedSetup(
                "the container's schema lacks the sync client's models; make it with SyncClient.models added to your models.")
        }
        self.modelContainer = modelContainer
        self.account = account
        self.transport = transport
        self.schemaVersion = schemaVersion ?? modelContainer.schema.version.description
        self.author = author
        self.pageSize = max(pageSize, 1)
        self.changesPerUpload = max(changesPerUpload, 1)
        self.modelsRuledByChanges = modelsRuledByChanges
        self.schema = try SyncedSchema(modelContainer.schema, excluding: Self.bookkeepingEntities)
    }

    /// The statuses the client passes through from now on, each once.
    public func statusUpdates() -> AsyncStream<SyncStatus> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<SyncStatus>.makeStream()
        continuation.yield(status)
        statusContinuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(id) }
        }
        return stream
    }

    private func removeContinuation(_ id: UUID) { statusContinuations[id] = nil }

    /// Reports how far the running sync has got.
    func report(_ progress: SyncProgress) { status = .syncing(progress) }

    /// Uploads local changes, then downloads and applies remote ones. Sets ``status``
    /// to up to date on success, offline when the server cannot be reached, and failing
    /// (with the reason) otherwise, and rethrows the error.
    /// One sync runs at a time: a call while another runs (the app's, or the background
    /// loop's) waits for it, then syncs.
    public func syncOnce() async throws {
        while let running = runningSync {
            _ = try? await running.value
            // The caller that started it may not have run yet to clear it.
            if runningSync == running { runningSync = nil }
        }
        let sync = Task { try await self.performSync() }
        runningSync = sync
        defer { if runningSync == sync { runningSync = nil } }
        try await sync.value
    }

    private func performSync() async throws {
        status = .syncing(SyncProgress(phase: .preparing))
        downloadedRuleBreaks = []
        earlierRuleBreaks = []
        do {
            let lock = try await SyncStoreLock(storesAt: modelContainer.configurations.map(\.url)) {
                await self.report(SyncProgress(phase: .waiting))
            }
            defer { lock.release() }
            let keepsRuleBreaks = try claimStore()
            try removeInterruptedDownloads()
            let isCopy = try await push()
            try await pull(isCopy: isCopy)
            // What the download took away here beyond what it named (a use of a card another
            // device removed, made here meanwhile: the removal's cascade) goes up now, so that
            // the devices agree once each has synced, not after this one syncs again.
            if try await push() { try await pull(isCopy: true) }
            // Those this download found are all the store keeps when it kept none before.
            if keepsRuleBreaks { try checkEarlierRuleBreaks() }
            status = .upToDate(Date())
        } catch let error as SyncError {
            if case .unreachable = error { status = .offline(error.description) } else { status = .failing(error.description) }
            throw error
        } catch {
            status = .failing(String(describing: error))
            throw error
        }
    }

    /// Notes the client's account in the store at its first sync, and refuses to sync a
    /// store that holds another account's data: its cursor is a position in that
    /// account's log, and its models would be uploaded into this one. Returns whether the
    /// store keeps models earlier downloads left breaking their rules, to be checked again.
    private func claimStore() throws -> Bool {
        let context = ownContext()
        let book = try SyncBookkeeping(context)
        let keepsRuleBreaks = book.checkpoint.unmendedRuleBreaks != nil
        if let owner = book.checkpoint.account {
            guard owner == account else {
                throw SyncError.unsupportedSetup(
                    "this store holds the synced data of account \"\(owner)\", not \"\(account)\". "
                        + "Sync it as \"\(owner)\", or sync \"\(account)\" into a store of its own.")
            }
            return keepsRuleBreaks
        }
        book.checkpoint.account = account
        try context.save()
        return keepsRuleBreaks
    }

    /// A context for the client's own saves: its author's, so that they are never
    /// uploaded, and without the models' validation (``ValidatingModel``): what a download
    /// brings is already saved on the server and the devices that synced it, so refusing
    /// it here would stop every later download; ``downloadedRuleBreaks`` reports it instead.
    func ownContext() -> ModelContext {
        let context = ModelContext(modelContainer)
        context.author = author
        context.validatesModels = false
        return context
    }

    /// The device's live synced models as sync sees them, for comparison with other devices and the server.
    public func currentState() throws -> [SyncModelState] {
        let context = ModelContext(modelContainer)
        let book = try SyncBookkeeping(context)
        var states: [SyncModelState] = []
        for record in try book.liveRecords() {
            guard let model = try context.model(entityName: record.entityName, rowID: record.rowID) else { continue }
            let values = try syncValues(of: model, book: book, names: nil)
            states.append(SyncModelState(entityName: record.entityName, syncID: record.syncID, values: values))
        }
        return states.sortedForComparison()
    }

    /// A model's values as sync sends them (all properties when `names` is nil);
    /// relationships name their models by sync ID, and the side of a many-to-many that
    /// sync does not send is left out.
    func syncValues(of model: any PersistentModel, book: SyncBookkeeping, names: [String]?) throws -> [String: SyncValue] {
        let entity = model.persistentModelID.entityName
        let rules = schema.rules[entity] ?? [:]
        let snapshot = try DefaultSnapshot(from: model)
        func id(_ pid: PersistentIdentifier) throws -> UUID? {
            try book.record(entity: pid.entityName, rowID: pid.rowID)?.syncID
        }
        var values: [String: SyncValue] = [:]
        for name in names ?? Array(rules.keys) {
            guard let rule = rules[name], let value = snapshot.values[name] else { continue }
            switch (rule, value) {
            case (.keptByInverse, _):
                // Sent as its inverse's members, never itself.
                continue
            case (.attribute, _):
                guard let converted = SyncValue(attribute: value) else {
                    throw SyncError.invalidChange("\(entity).\(name) holds a relationship where a value was expected.")
                }
                values[name] = converted
            case (_, .model(let target)):
                values[name] = try id(target).map(SyncValue.reference) ?? .null
            case (_, .models(let targets)):
                try book.load(rows: targets.map { SyncBookkeeping.RowKey(entity: $0.entityName, rowID: $0.rowID) })
                values[name] = .references(try targets.compactMap(id))
            case (.toOne, _), (.oneToOne, _):
                values[name] = .null
            default:
                values[name] = .references([])
            }
        }
        return values
    }
}
