import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import Hummingbird
import Logging
import NIOCore
import OpenSwiftData
import OpenSwiftDataPostgres
import OpenSwiftDataSync

/// `cardshow-server`: CardShow Pro's inventory as a JSON API, on the same store the
/// `cardshow` tool uses (a file by default) or on a PostgreSQL database.
@main
struct CardShowServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardshow-server",
        abstract: "Serves a CardShow Pro inventory as a JSON API over HTTP.",
        discussion: """
            The inventory lives in the cardshow tool's store, by default \(DataFolder.defaultStore(app: "CardShowPro").path); \
            give --store PATH for another file, or --postgres URL to keep it in a PostgreSQL database \
            (several servers can share one).

              GET    /cards[?search=TEXT]   a page of the cards in stock and out, as `cardshow export` writes them \
            (limit=N: 1 to 1000, 100 by default; offset=M; the answer's nextOffset begins the next page)
              GET    /cards/ID              one card (its whole ID, or the first characters of it)
              POST   /cards                 one card, or an export document of many, imported all or nothing
              DELETE /cards/ID              deletes a card (its sales and trades stay as history)
              GET    /stats                 the numbers of `cardshow stats`

            With --sync-tokens FILE it also keeps devices' stores in step (`cardshow sync`): each line of FILE is \
            ACCOUNT TOKEN (a token of 32 characters or more, such as `openssl rand -hex 32` makes), and a device \
            signs in with Authorization: Bearer TOKEN.

              GET    /sync/v1/account       the account the token signs in as
              POST   /sync/v1/batches       uploads a batch of changes (sent again, it changes nothing)
              GET    /sync/v1/changes       a page of the account's changes (after=CURSOR, limit=N, account, device, schemaVersion)

            CouponTracker's stores sync the same way below /coupontracker (`coupontracker sync --server URL/coupontracker`). \
            Sync keeps each app's log in a store beside the inventory's: inventory-sync.store and \
            inventory-coupontracker-sync.store beside inventory.store, or the PostgreSQL schemas with _sync and \
            _coupontracker_sync after the inventory's. Changes older than --sync-keep-days (90) leave the log; a device \
            offline for longer downloads its account whole at its next sync.

            Errors are {"error": "..."} with a 4xx or 5xx status. The log goes to standard error, at the level \
            LOG_LEVEL names (default info).
            """)

    @Option(help: ArgumentHelp("The store file.", valueName: "path"), completion: .file())
    var store: String?

    @Option(help: ArgumentHelp("A PostgreSQL database for the inventory instead of a file: "
                               + "postgres://user:password@host:port/database, with ?schema=NAME for a schema of its own.",
                               valueName: "url"))
    var postgres: String?

    @Option(help: ArgumentHelp("Turns on sync: a file of lines ACCOUNT TOKEN, one per device that may sync.", valueName: "file"),
            completion: .file())
    var syncTokens: String?

    @Option(help: ArgumentHelp("The most changes one sync upload may hold, 5000 or more (a device sends up to 5000 at once).",
                               valueName: "changes"))
    var syncBatchLimit = SyncAPI.defaultMaximumChanges

    @Option(help: ArgumentHelp("Days of sync changes to keep; older ones are removed (checked at start and every 6 hours), "
                               + "and a device offline for longer downloads its account whole.", valueName: "days"))
    var syncKeepDays = 90

    @Option(help: ArgumentHelp("Minutes ahead of this server's clock a device's changes may be made; an upload "
                               + "holding one made further ahead is refused, and the device stamps it again once its "
                               + "date is right.", valueName: "minutes"))
    var syncClockLead = 60

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free port (the line saying where it listens names it).")
    var port = 8080

    @Option(help: ArgumentHelp("Closes a connection that for this many seconds neither finishes a request's head nor "
                               + "sends any of its body, between requests or within one (a head counts once it is whole; "
                               + "a request being answered is not idle).", valueName: "seconds"))
    var idleTimeout = 60

    func validate() throws {
        if store != nil && postgres != nil { throw ValidationError("Give --store or --postgres, not both.") }
        if host.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("Give an address to listen on with --host: 127.0.0.1 for this machine only, 0.0.0.0 for every network.")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("The port must be from 0 to 65535, not \(port).") }
        guard (1...36_500).contains(syncKeepDays) else {
            throw ValidationError("The days of sync changes to keep must be from 1 to 36500, not \(syncKeepDays).")
        }
        guard (1...527_040).contains(syncClockLead) else {
            throw ValidationError("The sync clock lead must be from 1 to 527040 minutes (a year), not \(syncClockLead).")
        }
        // A device sends up to this many changes a request and does not split them further:
        // under a smaller limit, one with more pending would be refused at every sync.
        guard syncBatchLimit >= SyncClient.defaultChangesPerUpload else {
            throw ValidationError("The sync batch limit must be \(SyncClient.defaultChangesPerUpload) or more, the most changes "
                                  + "a device sends in one request, not \(syncBatchLimit).")
        }
        if syncTokens?.isEmpty == true { throw ValidationError("The --sync-tokens path is empty: give the path of the token file.") }
        guard (1...86_400).contains(idleTimeout) else {
            throw ValidationError("The idle timeout must be from 1 to 86400 seconds, not \(idleTimeout).")
        }
    }

    static func main() async {
        StandardError.holdClosedStandardStreams()
        // The log goes to standard error: into a database, every line would go onto its end (as would output's).
        if let problem = StandardStreamDatabase.problem(tool: "cardshow-server") { StandardStreamDatabase.refuse(problem) }
        FileSizeLimit.failWritesInsteadOfEnding()
        QuitSignal.quitWithoutBacktrace()
        let (level, warning) = LogLevelVariable.level(from: EnvironmentValue.shown("LOG_LEVEL"))
        if let warning { printError(warning) }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        do {
            // `--port -1` is the port -1 (refused by its range), not an option named "-1".
            let arguments = ArgumentCheck.joiningNegativeNumbers(Array(CommandLine.arguments.dropFirst()))
            let server = try parse(arguments)
            if let problem = RepeatedOption.problem(in: arguments, command: Self.self) { throw ValidationError(problem) }
            if let problem = WorkingFolder.problem(in: arguments, options: ["--store", "--sync-tokens"]) { throw ToolError(problem) }
            if let problem = PathLineEnd.problem(in: arguments, options: ["--store", "--sync-tokens"]) { throw ToolError(problem) }
            try await server.run()
        } catch {
            exit(withError: EngineErrorMessage.server.translate(error))
        }
    }

    func run() async throws {
        // Before the store is opened (and perhaps made), so that a wrong address leaves nothing behind.
        do {
            _ = try SocketAddress.makeAddressResolvingHost(host, port: port)
        } catch {
            throw Self.notThisMachine(host)
        }
        // Read before any store is opened, so that a wrong token file leaves nothing behind.
        let tokens = try syncTokens.map(SyncTokenFile.init(path:))
        let container = try openContainer()
        let router = Router()
        var inventory = InventoryAPI(container: container)
        if postgres == nil { inventory.storeFile = OpenedStoreFile(path: storeURL.path, called: "store") }
        inventory.register(on: router)
        let syncAPIs = try SyncedApp.allCases.map { try syncAPI(for: $0, tokens: tokens) }
        try SyncStoreProblem.refuseOneFileForTwoApps(syncAPIs)
        for api in syncAPIs { api.register(on: router) }
        let compaction = SyncLogCompaction(servers: syncAPIs.compactMap { api in api.service.map { (api.app, $0.server) } },
                                           keepDays: syncKeepDays)
        let compacting = Task { if !compaction.servers.isEmpty { await compaction.run() } }
        defer { compacting.cancel() }
        let host = self.host
        let app = Application(
            responder: RequestPath(inner: router.buildResponder()),
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestLine.Installer(), HTTP1Semantics.Installer(),
                                                                            UnreadableRequests()],
                                                idleTimeout: .seconds(Int64(idleTimeout)))),
            configuration: .init(address: .hostname(host, port: port), serverName: "cardshow-server"),
            onServerRunning: { channel in
                // First in the listening socket's pipeline, to see a failed accept before anything else,
                // with the stores open: what is open now is what the connections' capacity leaves aside.
                // A channel closed already (the server stopping) needs none.
                try? await channel.eventLoop.submit {
                    try channel.pipeline.syncOperations.addHandler(AcceptPause.forThisProcess(), position: .first)
                }.get()
                // Scripts and tests read this line for the port when they asked for any (0). An IPv6
                // address is bracketed in a URL: http://::1:8080 names no host a client can reach.
                let shown = host.contains(":") ? "[\(host)]" : host
                let line = "CardShow Pro API listening on http://\(shown):\(channel.localAddress?.port ?? 0)\n"
                // Written with C's `write`: FileHandle stops the program when standard output is closed.
                StandardError.writeAll(Data(line.utf8), to: STDOUT_FILENO)
            })
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ToolError("Port \(port) on \(host) is in use by another program: give another with --port (0 takes any free one).")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            // An address that is well formed but belongs to another machine (`--host 192.0.2.1`).
            throw Self.notThisMachine(host)
        } catch let error as IOError where error.errnoCode == EACCES && (1..<1_024).contains(port) {
            throw ToolError("Cannot listen on port \(port): ports below 1024 are for the system's administrator (root). "
                            + "Give --port 8080, or another from 1024 to 65535 (0 takes any free one).")
        }
    }

    /// The words for a --host that is no address of this machine.
    private static func notThisMachine(_ host: String) -> ToolError {
        ToolError("Cannot listen on \(TerminalText.quoted(host)): it is not an address of this machine. "
                  + "Give --host 127.0.0.1 for this machine only, or 0.0.0.0 for every network.")
    }

    /// An app's sync endpoints: on, with its sync store beside the inventory's, when there are tokens.
    private func syncAPI(for app: SyncedApp, tokens: SyncTokenFile?) throws -> SyncAPI {
        var service: (server: SyncServer, tokens: SyncTokenFile)?
        if let tokens {
            let container: ModelContainer
            do {
                container = try SyncStore.container(besides: postgres == nil ? storeURL : nil, postgres: postgres, for: app)
            } catch where postgres == nil {
                throw SyncStoreProblem.words(for: error, file: SyncStore.file(besides: storeURL, for: app), store: storeURL, app: app)
            }
            if let other = try SyncStore.otherApp(holdingLogIn: container, besides: app) {
                throw SyncStoreProblem.otherAppsLog(other, app: app, file: postgres == nil ? SyncStore.file(besides: storeURL, for: app) : nil,
                                                    store: storeURL, postgres: postgres)
            }
            service = (server: try SyncServer(modelContainer: container, schemaVersion: app.schema.version.description,
                                              schema: try app.syncedSchema(), maximumClockLead: Double(syncClockLead) * 60),
                       tokens: tokens)
        }
        var api = SyncAPI(app: app, service: service, maximumChanges: syncBatchLimit)
        if tokens != nil, postgres == nil {
            api.storeFile = OpenedStoreFile(path: SyncStore.file(besides: storeURL, for: app).path, called: "sync store")
        }
        return api
    }

    private var storeURL: URL {
        store.map { URL(fileURLWithPath: UserPath.expanded($0)) } ?? DataFolder.defaultStore(app: "CardShowPro")
    }

    /// Words for a store file whose name fits but not the longest sync store's beside it
    /// (CouponTracker's, `NAME-coupontracker-sync.store`) with its `-wal`; nil when they fit.
    private static func syncStoreNameProblem(_ url: URL) -> String? {
        let app = SyncedApp.couponTracker
        let added = SyncStore.file(besides: url, for: app).lastPathComponent.utf8.count + "-wal".utf8.count - url.lastPathComponent.utf8.count
        let extensionWords = url.pathExtension.isEmpty ? "and .store after it" : "before the extension"
        return FileNameLength.problem(url.path, adding: added, for: "with --sync-tokens the server keeps \(app.name)'s sync store beside "
                                          + "it under that name with -\(app.storeSuffix) added \(extensionWords), and its log with -wal "
                                          + "after that", what: "store", option: "--store")
    }

    /// The store the inventory lives in: the file (created if missing, migrated as the
    /// cardshow tool migrates it) or the PostgreSQL database.
    private func openContainer() throws -> ModelContainer {
        let path = StorePath(tool: "cardshow-server", storeName: "CardShow Pro store", start: "start the server again")
        // Checked here, not only in `check(_:mayCreate:)`: a database has no store path to check.
        if let problem = path.clockProblem(now: Date()) { throw ToolError(problem) }
        if let postgres {
            if syncTokens != nil, let problem = try SyncStore.postgresNameProblem(besides: postgres) { throw ToolError(problem) }
            return try ModelContainer(for: CardShowStore.schema, migrationPlan: CardShowMigrationPlan.self,
                                      configurations: [try PostgresConfiguration(url: postgres)])
        }
        let url = storeURL
        try path.check(url, mayCreate: true)
        if syncTokens != nil, let problem = Self.syncStoreNameProblem(url) { throw ToolError(problem) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try CardShowStore.container(at: url)
    }
}

extension EngineErrorMessage {
    /// The engine's errors in a dealer's words, for the server's log and its error responses.
    static let server = EngineErrorMessage(
        tool: "cardshow-server", storeName: "CardShow Pro store", recovery: "restore a backup (cardshow restore FILE)",
        salvage: "`cardshow export --skip-unreadable` saves the readable cards.",
        words: CardShowStore.recordNames)
}
