import CommandLineSupport
import Foundation
import Hummingbird
import JSONText
import NIOCore
import OpenSwiftDataSync

/// The sync endpoints (``SyncHTTPRoutes``): each device signs in with a bearer token
/// from the token file, which names its account; a request for any other account is
/// refused, so no token reads or changes another account's data. The changes live in
/// the app's sync store (see `SyncStore`), apart from the inventory the other routes serve.
struct SyncAPI: Sendable {
    /// The app whose stores these endpoints keep in step.
    let app: SyncedApp
    /// The server and the token file; nil when the server was started without `--sync-tokens`.
    let service: (server: SyncServer, tokens: SyncTokenFile)?
    /// The most changes one upload may hold.
    let maximumChanges: Int
    /// The sync store's file as the server opened it; nil on PostgreSQL or without sync.
    var storeFile: OpenedStoreFile? = nil

    /// The largest upload body read.
    static let maximumBodySize = 64 << 20
    /// The most changes a download page holds.
    static let largestPage = 1_000
    static let defaultMaximumChanges = 50_000

    static let notOffered = "This server does not offer sync: its owner turns it on by starting it with --sync-tokens FILE."

    /// The methods each sync address takes, for a 405's `Allow`; nil for an address that is not one.
    static func methods(for path: String) -> [HTTPRequest.Method]? {
        let address = path.split(separator: "/").joined(separator: "/")
        for app in SyncedApp.allCases {
            switch address {
            case app.route(SyncHTTPRoutes.account), app.route(SyncHTTPRoutes.changes): return [.get, .head]
            case app.route(SyncHTTPRoutes.batches): return [.post]
            default: continue
            }
        }
        return nil
    }

    func register(on router: Router<BasicRequestContext>) {
        router.get(RouterPath(app.route(SyncHTTPRoutes.account))) { request, _ in
            let (server, account) = try signIn(request)
            // A device that says its schema version learns now, before it makes a store, that this address is not its app's.
            if let version = request.uri.queryParameters.get(SyncHTTPRoutes.AccountQuery.schemaVersion), version != server.schemaVersion {
                throw APIProblem(status: .conflict, message: otherAppsStore(device: version, server: server.schemaVersion)
                                     ?? SyncError.schemaVersionMismatch(device: version, server: server.schemaVersion).description)
            }
            return try Response.json(SyncAccount(account: account, schemaVersion: server.schemaVersion))
        }
        router.post(RouterPath(app.route(SyncHTTPRoutes.batches))) { request, _ in
            let (server, account) = try signIn(request)
            try CardQuery.refuseAny(request.uri.queryParameters.map { String($0.key) }, on: "POST /\(app.route(SyncHTTPRoutes.batches))",
                                    outcome: "Nothing was changed.")
            let batch = try await readBatch(request)
            guard batch.changes.count <= maximumChanges else {
                throw APIProblem(status: .contentTooLarge,
                                 message: "The batch holds \(batch.changes.count) changes; this server takes at most \(maximumChanges) in one upload. "
                                     + "Nothing was changed.")
            }
            let receipt = try await answer { try await server.upload(batch, signedInAs: account) }
            return try Response.json(receipt)
        }
        router.get(RouterPath(app.route(SyncHTTPRoutes.changes))) { request, _ in
            let (server, account) = try signIn(request)
            let download = try Self.downloadRequest(request.uri.queryParameters, route: app.route(SyncHTTPRoutes.changes))
            let page = try await answer { try await server.download(download, signedInAs: account) }
            return Response.json(encoded: try page.wireJSON())
        }
    }

    /// The server and the account of the request's bearer token; a 401 when it has none
    /// the token file names (with `WWW-Authenticate`, as RFC 6750 asks).
    private func signIn(_ request: Request) throws -> (SyncServer, String) {
        guard let service else { throw APIProblem(status: .notFound, message: Self.notOffered) }
        let (server, tokens) = service
        let headers = request.headers[values: .authorization]
        guard let header = headers.first else {
            throw Self.unauthorized("The request carries no token: send the header Authorization: Bearer TOKEN, "
                                    + "with the token the server's owner gave this device.")
        }
        guard headers.count == 1 else {
            throw Self.unauthorized("The request carries \(headers.count) Authorization headers: send one, Authorization: Bearer TOKEN.")
        }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw Self.unauthorized("The Authorization header is not a bearer token: send Authorization: Bearer TOKEN.")
        }
        // Read again when the owner changed it: a token taken out signs its device out now.
        let current: SyncTokens
        switch tokens.current() {
        case .success(let read): current = read
        case .failure(let problem):
            throw APIProblem(status: .serviceUnavailable,
                             message: "The server's token file cannot be used, so no device can sign in until its owner fixes it: \(problem.message)")
        }
        guard let account = current.account(for: parts[1].drop { $0 == " " }) else {
            throw Self.unauthorized("The token is not one this server accepts: ask the server's owner for this device's token.")
        }
        try storeFile?.refuseUnlessAtItsPath()
        return (server, account)
    }

    private static func unauthorized(_ message: String) -> APIProblem {
        APIProblem(status: .unauthorized, message: message, headers: [.wwwAuthenticate: "Bearer realm=\"cardshow-server sync\""])
    }

    /// The upload's body as a batch: too large is a 413, anything but a batch a 400, in
    /// words that name the field at fault (never a Swift type).
    private func readBatch(_ request: Request) async throws -> SyncUploadBatch {
        let tooLarge = APIProblem(status: .contentTooLarge,
                                  message: "The body is larger than \(Self.maximumBodySize >> 20) MB: upload the changes in several batches. "
                                      + "Nothing was changed.")
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > Self.maximumBodySize { throw tooLarge }
        let data: Data
        do {
            data = Data(buffer: try await request.body.collect(upTo: Self.maximumBodySize))
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
        // A batch as the sync client writes it is read by hand; any other body is checked
        // and read by JSONDecoder, whose errors name what is wrong.
        if let batch = SyncUploadBatch(wireJSON: data) { return batch }
        let checked: Data
        do {
            checked = try JSONText.checked(data)
        } catch {
            let place = error.path.isEmpty ? "line \(error.line)" : error.dottedPath
            throw APIProblem(status: .badRequest, message: "The body is not JSON a sync batch can be read from (\(place): \(error.reason)). Nothing was changed.")
        }
        do {
            return try JSONDecoder().decode(SyncUploadBatch.self, from: checked)
        } catch let error as DecodingError {
            throw APIProblem(status: .badRequest, message: "The body is not a sync batch: \(Self.words(for: error)). Nothing was changed.")
        }
    }

    /// When a device's schema version is another app's, the words for a device given this
    /// app's address for the other app's store: which it is, and the address to give.
    private func otherAppsStore(device version: String, server: String) -> String? {
        guard let other = SyncedApp.allCases.first(where: { $0 != app && $0.schema.version.description == version }) else { return nil }
        let address = other.rawValue.isEmpty ? "the server's address alone" : "the server's address followed by /\(other.rawValue)"
        return "This address syncs \(app.name) stores (schema version \(server)); schema version \(version) is \(other.name)'s: give \(address)."
    }

    /// A decoding error as the field at fault and what is wrong with it.
    static func words(for error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text + (text.isEmpty ? "" : ".") + key.stringValue
            }
            return text.isEmpty ? "the body" : TerminalText.quoted(text)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath)) lacks \(TerminalText.quoted(key.stringValue))"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)) is null"
        case .typeMismatch(_, let context):
            return "\(path(context.codingPath)) holds a value of the wrong kind"
        case .dataCorrupted(let context) where context.codingPath.last?.stringValue == "at":
            return "\(path(context.codingPath)) is not a moment: a moment is the milliseconds since 1970 (up to the year 9999), a counter "
                + "and the device's UUID, joined by hyphens, as in 1767225600000-0-E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? JSONText.numberThatDoesNotFit : "\(path(context.codingPath)) holds a value that cannot be read"
        @unknown default:
            return "it cannot be read"
        }
    }

    /// The download a query asks for: `after` and `limit` as numbers, the account, device
    /// and schema version, and where a full download stands after its first page; any other
    /// parameter, or one given twice, is refused.
    static func downloadRequest(_ query: Parameters, route: String) throws -> SyncDownloadRequest {
        let names = SyncHTTPRoutes.ChangesQuery.self
        var seen: Set<String> = []
        for key in query.map({ String($0.key) }) {
            guard names.all.contains(key) else {
                throw APIProblem(status: .badRequest, message: "GET /\(route) takes no query parameter \"\(TerminalText.shortened(key, to: 40))\": "
                                 + "it takes \(names.all.joined(separator: ", ")).")
            }
            guard seen.insert(key).inserted else {
                throw APIProblem(status: .badRequest, message: "\(key) is given twice in the query: give it once.")
            }
        }
        func required(_ name: String, _ meaning: String) throws -> String {
            guard let value = query.get(name), !value.isEmpty else {
                throw APIProblem(status: .badRequest, message: "GET /\(route) needs \(name): \(meaning).")
            }
            return value
        }
        let afterText = try required(names.after, "the cursor of the last page read, 0 for the start")
        guard let after = Int64(afterText), after >= 0 else {
            throw APIProblem(status: .badRequest, message: "after must be a whole number from 0 (the cursor of the last page read), "
                             + "not \"\(TerminalText.shortened(afterText, to: 40))\".")
        }
        let limitText = query.get(names.limit) ?? "\(largestPage)"
        guard let limit = Int(limitText), (1...largestPage).contains(limit) else {
            throw APIProblem(status: .badRequest, message: "limit must be from 1 to \(largestPage), not \"\(TerminalText.shortened(limitText, to: 40))\".")
        }
        let account = try required(names.account, "the account the token signs in as")
        let deviceText = try required(names.device, "this device's ID, a UUID")
        guard let device = UUID(uuidString: deviceText) else {
            throw APIProblem(status: .badRequest, message: "device must be a UUID, not \"\(TerminalText.shortened(deviceText, to: 40))\".")
        }
        let version = try required(names.schemaVersion, "the schema version of the device's models")
        return SyncDownloadRequest(account: account, device: device, schemaVersion: version, cursor: after, limit: limit,
                                   fullDownload: try fullDownloadPosition(query))
    }

    /// The full download a query goes on with: both of its parameters as whole numbers from
    /// 0, or neither (the download's first page, or a download of the log).
    static func fullDownloadPosition(_ query: Parameters) throws -> SyncFullDownloadPosition? {
        let names = SyncHTTPRoutes.ChangesQuery.self
        let through = query.get(names.fullDownloadThrough), sent = query.get(names.fullDownloadSent)
        guard through != nil || sent != nil else { return nil }
        guard let through, let sent else {
            throw APIProblem(status: .badRequest, message: "\(names.fullDownloadThrough) and \(names.fullDownloadSent) go together, as the last "
                             + "page of a full download gave them: give both, or neither to start the download again.")
        }
        guard let last = Int64(through), last >= 0, let count = Int(sent), count >= 0 else {
            throw APIProblem(status: .badRequest, message: "\(names.fullDownloadThrough) and \(names.fullDownloadSent) must be whole numbers from 0, "
                             + "as the last page of a full download gave them, not \"\(TerminalText.shortened(through, to: 40))\" "
                             + "and \"\(TerminalText.shortened(sent, to: 40))\".")
        }
        return SyncFullDownloadPosition(through: last, sent: count)
    }

    /// Runs the sync server's work; its refusals become answers in their own words: another
    /// account's data is 403, another schema version 409, a change it cannot take 400, and
    /// one stamped too far ahead of the server's clock 422.
    private func answer<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as SyncError {
            switch error {
            case .wrongAccount(let requested, let signedIn):
                throw APIProblem(status: .forbidden, message: "This device's token is for account \"\(TerminalText.quoted(signedIn))\", "
                                 + "not \"\(TerminalText.quoted(requested))\": a token reads and changes its own account's data only. Nothing was changed.")
            case .schemaVersionMismatch(let device, let server):
                throw APIProblem(status: .conflict, message: otherAppsStore(device: device, server: server) ?? error.description)
            case .invalidChange:
                throw APIProblem(status: .badRequest, message: error.description + " Nothing was changed.")
            case .clockAhead(let reason):
                // The server's words alone: the device adds what to do, in its own.
                throw APIProblem(status: .unprocessableContent, message: reason + ". Nothing was changed.")
            default:
                throw APIProblem(status: .internalServerError, message: error.description)
            }
        } catch let problem as APIProblem {
            throw problem
        } catch {
            throw APIProblem(error)
        }
    }
}
