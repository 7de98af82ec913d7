import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport to a sync server over HTTP (``SyncHTTPRoutes``), signed in with a bearer
/// token that the server maps to one account. It uses Foundation's `URLSession`, so the
/// package gains no dependency; with the package's `SwiftNIO` trait it uses SwiftNIO unless
/// given a session configuration or sent through a proxy, as a program on Linux should:
/// there `URLSession` keeps a processor core busy for as long as it waits for the server.
///
/// Failures are ``SyncError``s in the user's words: a server that cannot be reached
/// (refused, unknown host, no answer in time, connection lost) is
/// ``SyncError/unreachable(_:)``, which the client reports as offline; 401 and 403 are
/// ``SyncError/tokenRefused(_:)``; 413 is ``SyncError/batchTooLarge(_:)``; 422 with the
/// server's words is ``SyncError/clockAhead(_:)``; any other
/// refusal is ``SyncError/rejected(status:reason:)`` with the server's `{"error": ...}`.
public final class HTTPSyncTransport: SyncTransport, @unchecked Sendable {
    /// The server's base URL; the routes are below it.
    public let server: URL
    private let token: String
    private let exchange: any HTTPExchange
    /// The seconds a request may wait for the server's next bytes.
    public let requestTimeout: TimeInterval
    /// The most bytes one reply of the server's may hold.
    public let largestReply: Int
    /// The most characters of a server's error words carried into an error.
    static let longestReason = 1_000
    /// The longest address a message quotes whole.
    static let longestAddress = 200

    #if SwiftNIO
    /// A transport to the server at `server` (`http://host:port` or `https://…`, with any
    /// path prefix the server is mounted under), signing in with `token`, through `URLSession`.
    ///
    /// - Parameters:
    ///   - requestTimeout: seconds without an answer after which the server counts as unreachable;
    ///     a whole reply may take ten times as long.
    ///   - largestReply: the most bytes one reply may hold (a download page of `pageSize`
    ///     changes, at most), 1 GiB unless given; a larger one is refused as no sync reply.
    ///   - configuration: the session's configuration (its timeouts are set from `requestTimeout`).
    /// - Throws: ``SyncError/unsupportedSetup(_:)`` for an address that is not http or https,
    ///   or a token that is empty or holds spaces or control characters.
    public convenience init(server: URL, token: String, requestTimeout: TimeInterval = 30, largestReply: Int = 1 << 30,
                            configuration: URLSessionConfiguration) throws {
        try self.init(server: server, token: token, requestTimeout: requestTimeout, largestReply: largestReply) {
            URLSessionExchange(configuration: configuration, requestTimeout: requestTimeout)
        }
    }

    /// A transport to the server at `server` (`http://host:port` or `https://…`, with any
    /// path prefix the server is mounted under), signing in with `token`, on SwiftNIO; or
    /// through `URLSession` when the environment names a proxy for the server (`http_proxy`,
    /// `HTTPS_PROXY`, `ALL_PROXY`, less `NO_PROXY`), which SwiftNIO would not go through.
    ///
    /// - Parameters:
    ///   - requestTimeout: seconds without an answer after which the server counts as unreachable;
    ///     a whole reply may take ten times as long.
    ///   - largestReply: the most bytes one reply may hold (a download page of `pageSize`
    ///     changes, at most), 1 GiB unless given; a larger one is refused as no sync reply.
    /// - Throws: ``SyncError/unsupportedSetup(_:)`` for an address that is not http or https,
    ///   or a token that is empty or holds spaces or control characters.
    public convenience init(server: URL, token: String, requestTimeout: TimeInterval = 30, largestReply: Int = 1 << 30) throws {
        let throughProxy = ProxyEnvironment().proxies(server)
        try self.init(server: server, token: token, requestTimeout: requestTimeout, largestReply: largestReply) {
            throughProxy
                ? URLSessionExchange(configuration: .ephemeral, requestTimeout: requestTimeout) as any HTTPExchange
                : NIOExchange(requestTimeout: requestTimeout)
        }
    }
    #else
    /// A transport to the server at `server` (`http://host:port` or `https://…`, with any
    /// path prefix the server is mounted under), signing in with `token`, through `URLSession`.
    ///
    /// - Parameters:
    ///   - requestTimeout: seconds without an answer after which the server counts as unreachable;
    ///     a whole reply may take ten times as long.
    ///   - largestReply: the most bytes one reply may hold (a download page of `pageSize`
    ///     changes, at most), 1 GiB unless given; a larger one is refused as no sync reply.
    ///   - configuration: the session's configuration (its timeouts are set from `requestTimeout`).
    /// - Throws: ``SyncError/unsupportedSetup(_:)`` for an address that is not http or https,
    ///   or a token that is empty or holds spaces or control characters.
    public convenience init(server: URL, token: String, requestTimeout: TimeInterval = 30, largestReply: Int = 1 << 30,
                            configuration: URLSessionConfiguration = .ephemeral) throws {
        try self.init(server: server, token: token, requestTimeout: requestTimeout, largestReply: largestReply) {
            URLSessionExchange(configuration: configuration, requestTimeout: requestTimeout)
        }
    }
    #endif

    /// Checks the address, token and limits before `makeExchange` makes what sends requests.
    private init(server: URL, token: String, requestTimeout: TimeInterval, largestReply: Int,
                 exchange makeExchange: () throws -> any HTTPExchange) throws {
        guard let scheme = server.scheme?.lowercased(), scheme == "http" || scheme == "https", server.host?.isEmpty == false else {
            throw SyncError.unsupportedSetup(
                "the server address \"\(server.absoluteString)\" is not an http:// or https:// address with a host; give one such as http://127.0.0.1:8080.")
        }
        // A port too large for an integer is no port to `URL`, which would send to port 80.
        if let port = server.port.map(String.init) ?? Self.writtenPort(of: server), !(Int(port).map { (1...65_535).contains($0) } ?? false) {
            throw SyncError.unsupportedSetup(
                "the server address \"\(server.absoluteString)\" has the port \(port), which no server can listen on; a port is a number from 1 to 65535, such as 8080.")
        }
        // Its words name it in whole seconds: an infinite or NaN one would stop the process there.
        guard requestTimeout > 0, requestTimeout <= 86_400 else {
            throw SyncError.unsupportedSetup("the request timeout is \(requestTimeout) seconds; give one from above 0 to 86400 (a day), such as 30.")
        }
        guard largestReply > 0 else {
            throw SyncError.unsupportedSetup("the largest reply is \(largestReply) bytes; give a number of bytes above 0, such as \(1 << 30) (1 GiB).")
        }
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            throw SyncError.unsupportedSetup(
                "the token is empty or holds spaces or characters other than printable ASCII; give the token exactly as the server's owner gave it.")
        }
        // A scheme is the same in any case (RFC 3986, 3.1), but FoundationNetworking makes no
        // request to `HTTP://…` ("cannot be made from its address"): it is sent as `http`.
        var written = URLComponents(url: server, resolvingAgainstBaseURL: false)
        written?.scheme = scheme
        self.server = written?.url ?? server
        self.token = token
        self.requestTimeout = requestTimeout
        self.largestReply = largestReply
        exchange = try makeExchange()
    }

    /// The seconds one whole reply may take, however its bytes come: a large first download
    /// page may take longer than one wait for bytes, a server sending a byte at a time not for ever.
    private var wholeReplyTimeout: TimeInterval { requestTimeout * 10 }

    /// The account the token signs in as, and the server's schema version. Given the
    /// device's `schemaVersion`, a server that syncs another refuses the sign-in in its own
    /// words (``SyncError/rejected(status:reason:)`` with 409), so that a device can ask
    /// before it opens or makes a store.
    public func signedInAccount(schemaVersion: String? = nil) async throws -> SyncAccount {
        let query = schemaVersion.map { [URLQueryItem(name: SyncHTTPRoutes.AccountQuery.schemaVersion, value: $0)] } ?? []
        return try await send(request(SyncHTTPRoutes.account, query: query), expecting: SyncAccount.self)
    }

    /// Sends the batch: `POST sync/v1/batches`.
    public func upload(_ batch: SyncUploadBatch) async throws -> SyncUploadReceipt {
        var request = request(SyncHTTPRoutes.batches)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try batch.wireJSON()
        return try await send(request, expecting: SyncUploadReceipt.self)
    }

    /// Reads a page: `GET sync/v1/changes?after=…`.
    public func download(_ download: SyncDownloadRequest) async throws -> SyncDownloadPage {
        let query = SyncHTTPRoutes.ChangesQuery.self
        var items = [
            URLQueryItem(name: query.after, value: String(download.cursor)),
            URLQueryItem(name: query.limit, value: String(download.limit)),
            URLQueryItem(name: query.account, value: download.account),
            URLQueryItem(name: query.device, value: download.device.uuidString),
            URLQueryItem(name: query.schemaVersion, value: download.schemaVersion),
        ]
        if let position = download.fullDownload {
            items.append(URLQueryItem(name: query.fullDownloadThrough, value: String(position.through)))
            items.append(URLQueryItem(name: query.fullDownloadSent, value: String(position.sent)))
        }
        return try await send(request(SyncHTTPRoutes.changes, query: items), expecting: SyncDownloadPage.self)
    }

    private func request(_ route: String, query: [URLQueryItem] = []) -> URLRequest {
        var url = server.appendingPathComponent(route)
        if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = query
            // `+` is a space to most servers' query parsers; URLComponents leaves it as it is.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            url = components.url ?? url
        }
        var request = URLRequest(url: url, timeoutInterval: requestTimeout)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    private func send<Reply: Decodable>(_ request: URLRequest, expecting: Reply.Type) async throws -> Reply {
        let data: Data
        let http: HTTPURLResponse
        do {
            (data, http) = try await exchange.reply(to: request, within: wholeReplyTimeout, largest: largestReply)
        } catch let error as URLError {
            throw failure(error)
        } catch ReplyReader.Cut.brokenOff {
            throw SyncError.unreachable("the connection to \(serverName) broke off in the middle of its answer")
        } catch ReplyReader.Cut.tooSlow {
            throw SyncError.unreachable("\(serverName) did not finish answering within \(Int(wholeReplyTimeout)) seconds")
        } catch ReplyReader.Cut.tooLarge {
            throw SyncError.invalidResponse(
                "\(serverName) sent an answer of more than \(Self.bytesInWords(largestReply)), which no sync reply holds; check that \(server.absoluteString) is the sync server's address")
        }
        if (100..<200).contains(http.statusCode) {
            // An interim answer (such as 101, switching protocols) that came as the last one.
            throw SyncError.invalidResponse(
                "\(serverName) answered HTTP \(http.statusCode), which a sync server never ends with; check that \(server.absoluteString) is the sync server's address")
        }
        if http.statusCode == 304 {
            // Not Modified answers a conditional request, which a sync client never sends.
            throw SyncError.invalidResponse(
                "\(serverName) answered HTTP 304 (not modified), which a sync server never sends; check that \(server.absoluteString) is the sync server's address")
        }
        if (300..<400).contains(http.statusCode) {
            throw redirected(status: http.statusCode, to: http.value(forHTTPHeaderField: "Location"))
        }
        guard (200..<300).contains(http.statusCode) else {
            throw refusal(status: http.statusCode, body: data)
        }
        // A page, most of a sync's replies, is read by hand as the server wrote it.
        if Reply.self == SyncDownloadPage.self, let page = SyncDownloadPage(wireJSON: data), let reply = page as? Reply { return reply }
        do {
            return try JSONDecoder().decode(Reply.self, from: data)
        } catch {
            throw SyncError.invalidResponse(
                "\(serverName) answered HTTP \(http.statusCode) with something that is not a sync reply; check that \(server.absoluteString) is the sync server's address")
        }
    }

    /// A count of bytes as people read it: "1 GiB", "64 KiB", "100 bytes".
    static func bytesInWords(_ bytes: Int) -> String {
        for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// The server named as a user typed it: host and port, an IPv6 address in brackets.
    private var serverName: String {
        let host = server.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? server.absoluteString
        return server.port.map { "\(host):\($0)" } ?? host
    }

    /// The port as written in `address`'s authority, whether or not `URL` could read it.
    static func writtenPort(of address: URL) -> String? {
        guard let start = address.absoluteString.range(of: "://")?.upperBound else { return nil }
        let authority = address.absoluteString[start...].prefix { !"/?#".contains($0) }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        guard let colon = hostAndPort.lastIndex(of: ":"), !hostAndPort[colon...].contains("]") else { return nil }
        let port = hostAndPort[hostAndPort.index(after: colon)...]
        return port.isEmpty ? nil : String(port)
    }

    /// A redirect (not followed: see `RedirectRefusal`), naming where it pointed.
    func redirected(status: Int, to location: String?) -> SyncError {
        // Cut short, so that a long address leaves the advice after it in sight.
        let target = location.map { " to \"\($0.count > Self.longestAddress ? String($0.prefix(Self.longestAddress)) + "…" : $0)\"" } ?? ""
        return .unsupportedSetup("\(serverName) answered with a redirect (HTTP \(status))\(target), which a sync server never sends, "
            + "so it was not followed and the token was not sent there. Give the sync server's own address; if the redirect "
            + "points to it, give that address.")
    }

    /// A refusal in the server's words, when it gave any.
    func refusal(status: Int, body: Data) -> SyncError {
        let words = (try? JSONDecoder().decode(SyncHTTPErrorBody.self, from: body))?.error
        let reason = words.map { String($0.prefix(Self.longestReason)) }
            ?? "\(serverName) gave no reason (HTTP \(status) \(HTTPURLResponse.localizedString(forStatusCode: status)))"
        switch status {
        case 401, 403: return .tokenRefused(reason)
        case 413: return .batchTooLarge(reason)
        case 422 where words != nil: return .clockAhead(reason)
        case 404 where words == nil:
            return .rejected(status: status, reason: "\(serverName) has no sync endpoints; check that \(server.absoluteString) is the sync server's address")
        default: return .rejected(status: status, reason: reason)
        }
    }

    /// A failure to exchange with the server: offline when the network or the server is
    /// away (the client tries again at its next sync), else what is wrong with the address.
    func failure(_ error: URLError) -> SyncError {
        switch error.code {
        case .cannotConnectToHost:
            return .unreachable("nothing answers at \(serverName)")
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachable("\(server.host ?? serverName) is not a host name this device can find")
        case .timedOut:
            return .unreachable("\(serverName) did not answer within \(Int(requestTimeout)) seconds")
        case .networkConnectionLost:
            return .unreachable("the connection to \(serverName) was lost")
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .unreachable("this device is not connected to a network")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            return .invalidResponse("the secure connection to \(serverName) could not be made (its certificate is not trusted, or it does not speak https)")
        case .badServerResponse:
            // Foundation on Linux reports a connection closed before any answer (a server
            // stopped, a network dropped mid-request) this way: the next sync retries.
            return .unreachable("the connection to \(serverName) closed before it answered")
        case .unknown:
            // Foundation on Linux reports a request whose sending was cut short (the
            // server stopped while it was being sent) this way: the next sync retries.
            return .unreachable("the connection to \(serverName) broke off while the request was being sent")
        case .badURL:
            return .unsupportedSetup("a request to \(serverName) cannot be made from its address \"\(server.absoluteString)\"; give an address such as http://127.0.0.1:8080.")
        case .unsupportedURL, .cannotParseResponse, .zeroByteResource:
            // The address is http or https (the initializer holds to it): Foundation on Linux
            // reports an answer with no HTTP head (an HTTP/0.9 answer) as an unsupported URL.
            return .invalidResponse("\(serverName) did not answer in HTTP; check that \(server.absoluteString) is the sync server's address")
        default:
            return .unreachable("the request to \(serverName) failed (URL error \(error.code.rawValue))")
        }
    }
}
