import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData
import OpenSwiftDataSync

/// `cardshow sync`: one round of sync with a cardshow-server, uploading this store's
/// changes and downloading the other devices'.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Keep this store in step with your other devices through a cardshow-server.",
        discussion: """
            Uploads the changes saved in this store since its last sync, then downloads and applies the changes \
            your other devices uploaded. When two devices changed the same field, the later change wins; a \
            deletion wins over an edit. The server's owner starts it with --sync-tokens and gives each device \
            a token; give it with --token, or in \(Self.tokenVariable) to keep it out of your shell history.

              \(Self.tokenVariable)=… cardshow sync --server http://192.168.1.20:8080

            A server that cannot be reached leaves everything as it is: the changes are sent at the next sync.
            """)

    static let tokenVariable = "CARDSHOW_SYNC_TOKEN"

    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    @Option(help: ArgumentHelp("The cardshow-server's address, such as http://192.168.1.20:8080.", valueName: "url"))
    var server: String

    @Option(help: ArgumentHelp("This device's token (or set \(Self.tokenVariable)).", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("Seconds to wait for the server's answer before counting it as unreachable.", valueName: "seconds"))
    var timeout = 30

    /// What one sync did, as `--json` prints it.
    struct Report: Encodable {
        var server: String
        var account: String
        var uploaded: Int
        var downloaded: Int
        var status: String
    }

    func validate() throws {
        guard (1...3_600).contains(timeout) else { throw ValidationError("The timeout must be from 1 to 3600 seconds, not \(timeout).") }
    }

    func run() throws {
        let serverURL = try Self.serverURL(server)
        let token = try resolvedToken()
        let transport: HTTPSyncTransport
        do {
            transport = try HTTPSyncTransport(server: serverURL, token: token, requestTimeout: TimeInterval(timeout))
        } catch let error as SyncError {
            throw ToolError(error.description)
        }
        // Signed in before the store is opened, so that a refused token or an unreachable
        // server leaves a store that does not exist yet uncreated.
        let signedIn = try AwaitedWork.run { try await Self.inWords { try await transport.signedInAccount() } }
        let container = try store.open(creating: true).container
        let report = try AwaitedWork.run { try await Self.sync(container, as: signedIn.account, through: transport) }
        if json.enabled { return try printJSON(report) }
        if report.uploaded == 0 && report.downloaded == 0 {
            print("Up to date with \(report.server) (account \(TerminalText.quoted(report.account))): nothing to upload or download.")
        } else {
            print("Synced with \(report.server) (account \(TerminalText.quoted(report.account))): "
                  + "uploaded \(Self.changes(report.uploaded)), downloaded \(Self.changes(report.downloaded)).")
        }
    }

    private static func changes(_ count: Int) -> String { "\(count) change\(count == 1 ? "" : "s")" }

    /// Runs one sync as `account`, counting what it moved.
    private static func sync(_ container: ModelContainer, as account: String, through transport: HTTPSyncTransport) async throws -> Report {
        let counting = CountingSyncTransport(transport)
        try await inWords {
            let client = try SyncClient(modelContainer: container, account: account, transport: counting)
            try await client.syncOnce()
        }
        return Report(server: transport.server.absoluteString, account: account, uploaded: counting.uploaded,
                      downloaded: counting.downloaded, status: "upToDate")
    }

    /// `work`, its sync errors in the dealer's words: offline when the server cannot be reached, else why sync failed.
    private static func inWords<Value>(_ work: () async throws -> Value) async throws -> Value {
        do {
            return try await work()
        } catch let error as SyncError {
            if case .unreachable = error { throw ToolError("Offline: \(error.description)") }
            throw ToolError("Sync failed: \(error.description)")
        }
    }

    /// The token from --token, else from the environment.
    private func resolvedToken() throws -> String {
        if let token { return token }
        if let token = ProcessInfo.processInfo.environment[Self.tokenVariable], !token.isEmpty { return token }
        throw ToolError("Give this device's token with --token TOKEN, or set \(Self.tokenVariable) to it to keep it out of your shell history.")
    }

    /// The server's address: http or https, with a host.
    static func serverURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else {
            throw ToolError("\"\(TerminalText.quoted(text))\" is not a server address: give one such as http://192.168.1.20:8080.")
        }
        return url
    }
}
