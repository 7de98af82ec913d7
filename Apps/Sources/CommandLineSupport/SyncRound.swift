import Foundation
import OpenSwiftData
import OpenSwiftDataSync

/// One `sync` of a tool's store with a server of the user's own: sign in with the
/// device's token, then upload what the store saved and download what the account's
/// other devices uploaded (`SyncClient.syncOnce()`), counting both. Errors are in the
/// user's words: "Offline: …" when the server cannot be reached, "Sync failed: …" with
/// the server's words otherwise.
public struct SyncRound: Sendable {
    /// What one sync did, as `--json` prints it.
    public struct Report: Encodable, Sendable {
        public var server: String
        public var account: String
        public var uploaded: Int
        public var downloaded: Int
        public var status: String
        /// Whether the store turned out to be a copy of one that had synced more since it
        /// was made, and went on as a new device of the account, downloading it again.
        public var continuedAsNewDevice: Bool
        /// The records this sync's download left breaking one of the app's rules, then those
        /// an earlier sync's left that break it still.
        public var ruleBreaks: [RuleBreak] = []

        /// The report as a line of text.
        public var sentence: String {
            if uploaded == 0 && downloaded == 0 {
                return "Up to date with \(server) (account \(TerminalText.quoted(account))): nothing to upload or download."
            }
            return "Synced with \(server) (account \(TerminalText.quoted(account))): "
                + "uploaded \(Self.changes(uploaded)), downloaded \(Self.changes(downloaded))."
                + (continuedAsNewDevice ? " This store is a copy of one that synced more after the copy was made (put back from a "
                    + "backup, or copied), so it now syncs as a new device and downloaded the account's data again." : "")
        }

        /// A note for each record this sync left breaking a rule, for standard error.
        public var notes: [String] {
            ruleBreaks.map { broken in
                // Two lines, what is wrong and what to do: a message's line is cut at 400 characters.
                (broken.broughtByEarlierSync
                    ? "Note: \(broken.record), as an earlier sync brought it from another device, still breaks a rule: \(broken.rule)\n"
                    : "Note: \(broken.record), as this sync brought it from another device, breaks a rule: \(broken.rule)\n")
                    + "It is kept as synced; \(broken.mend). Until then, changes to it are refused."
            }
        }

        private static func changes(_ count: Int) -> String { "\(count) change\(count == 1 ? "" : "s")" }
    }

    /// A record a download left breaking one of the app's rules (see `SyncRuleBreak`): what
    /// another device saved, under other rules or a clock running ahead, or two devices'
    /// edits that break a rule together. Sync applies it all the same, as refusing it would
    /// stop every later sync; the user mends it.
    public struct RuleBreak: Encodable, Sendable {
        /// The record, as the tool names it ("Charizard #4/102 (1a2b3c4d)").
        public var record: String
        /// The rule's words.
        public var rule: String
        /// What mends it, starting lower case ("mend it with `cardshow card update 1a2b3c4d`").
        public var mend: String
        /// Whether an earlier sync brought it (every sync notes it until it is mended).
        public var broughtByEarlierSync: Bool
    }

    /// How a tool names one of its records in a note, and what mends it.
    public struct RecordWords: Sendable {
        public var record: String
        public var mend: String
        /// The rule's words for the record as stored, where the rule's own (for a value the user
        /// typed) would mislead; nil for the rule's own.
        public var rule: String?

        public init(record: String, mend: String, rule: String? = nil) {
            self.record = record
            self.mend = mend
            self.rule = rule
        }
    }

    let transport: HTTPSyncTransport

    /// A round with the server at `server`, signing in with `token`, else the token in the
    /// environment variable `tokenVariable`.
    public init(server: String, token: String?, tokenVariable: String, timeout: Int) throws {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else {
            throw ToolError("\"\(TerminalText.quoted(server))\" is not a server address: give one such as http://192.168.1.20:8080.")
        }
        let source = token == nil ? tokenVariable : "--token"
        guard let token = token ?? ProcessInfo.processInfo.environment[tokenVariable].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw ToolError("Give this device's token with --token TOKEN, or set \(tokenVariable) to it to keep it out of your shell history.")
        }
        if let problem = SyncTokenEdges.problem(token, source: source) {
            throw ToolError(problem)
        }
        // The transport refuses what no server can be at (a port outside 1-65535) in its words.
        do {
            transport = try HTTPSyncTransport(server: url, token: token, requestTimeout: TimeInterval(timeout))
        } catch let error as SyncError {
            throw ToolError(error.description)
        }
    }

    /// The account the token signs in as. Done before the store is opened, so that a
    /// refused token or an unreachable server leaves a store that does not exist uncreated.
    /// Signs in and returns the account; a server that syncs stores of another schema version
    /// than `schemaVersion` (the app's) refuses in its words, before any store is opened or made.
    public func signIn(schemaVersion: String) throws -> String {
        let transport = transport
        return try AwaitedWork.run { try await Self.inWords { try await transport.signedInAccount(schemaVersion: schemaVersion).account } }
    }

    /// Syncs the container's models once as `account`; `words` names a record the download
    /// left breaking one of the app's rules, and what mends it; `rulesAcrossModels` gives the
    /// records whose rules depend on those the download changed (see `SyncClient`).
    public func run(on container: ModelContainer, as account: String, words: (any PersistentModel) -> RecordWords,
                    rulesAcrossModels: SyncRulesAcrossModels? = nil) throws -> Report {
        let counting = CountingSyncTransport(transport)
        let server = Self.shown(transport.server)
        // Syncs of one store take turns (the engine's lock on the store's folder).
        let (continuedAsNewDevice, ruleBreaks) = try AwaitedWork.run {
            try await Self.inWords {
                let client = try SyncClient(modelContainer: container, account: account, transport: counting,
                                            modelsRuledByChanges: rulesAcrossModels)
                let folder = container.configurations.first.map { $0.url.deletingLastPathComponent().path }
                let progress = Task { await SyncProgressLine.show(await client.statusUpdates(), folder: folder) }
                defer { progress.cancel() }
                try await client.syncOnce()
                return (await client.lastContinuedAsNewDevice != nil,
                        (await client.downloadedRuleBreaks).map { ($0, false) } + (await client.earlierRuleBreaks).map { ($0, true) })
            }
        }
        let context = ModelContext(container)
        let broken = ruleBreaks.map { broken, isEarlier in
            let named = words(context.model(for: broken.model))
            return RuleBreak(record: named.record, rule: named.rule ?? broken.reason, mend: named.mend, broughtByEarlierSync: isEarlier)
        }
        return Report(server: server, account: account, uploaded: counting.uploaded, downloaded: counting.downloaded, status: "upToDate",
                      continuedAsNewDevice: continuedAsNewDevice, ruleBreaks: broken)
    }

    /// The server's address as a report shows it: without a user name or password it
    /// holds, which would otherwise end up in a terminal's scrollback or a log.
    static func shown(_ server: URL) -> String {
        guard var parts = URLComponents(url: server, resolvingAgainstBaseURL: false), parts.user != nil || parts.password != nil else {
            return server.absoluteString
        }
        parts.user = nil
        parts.password = nil
        return parts.string ?? server.absoluteString
    }

    /// The sync's errors in the tool's words: "Offline: …" when no server answered; a
    /// setup the transport refuses as it says it ("Sync cannot start: …"); a record gone
    /// from under the sync's save as a store changed under the sync; anything else
    /// "Sync failed: …".
    static func inWords<Value>(_ work: () async throws -> Value) async throws -> Value {
        do {
            return try await work()
        } catch let error where [.rowDeleted, .modelNotFound].contains(OpenSwiftDataError(explaining: error)?.code) {
            // The engine's words name a record ("This card was deleted by another …"), true of
            // a row, but what happened is a store put back from a backup or changed under the sync.
            throw ToolError("Sync failed: the store was changed by another program while this sync ran (put back from a "
                                + "backup, or records deleted), so what the sync downloaded was not saved. Nothing is lost: sync again.")
        } catch let error as SyncError {
            switch error {
            case .unreachable: throw ToolError("Offline: \(error.description)")
            case .unsupportedSetup: throw ToolError(error.description)
            default: throw ToolError("Sync failed: \(error.description)")
            }
        }
    }
}
