import CommandLineTestSupport
import Foundation
import OpenSwiftDataSync
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `cardshow sync` through a proxy that cuts the connection in the middle of a request:
/// before a batch reaches the server, after the server took it but before its answer
/// came back, or halfway through a page of changes. The sync ends with an error that says
/// the server could not be reached, and the next one picks up where it stopped: the
/// batch is recorded once, the download lands whole.
@Suite struct SyncDroppedConnectionTests {
    typealias Setup = SyncServerSetup

    struct Device {
        let store: String
        let folder: URL
        let tool: ToolProcess

        init(_ setup: Setup, _ name: String, token: String) {
            store = setup.deviceStore(name)
            folder = setup.folder.url
            tool = ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": token])
        }

        func run(_ arguments: [String]) throws -> ToolProcess.Output {
            try tool.run(["--store", store] + arguments)
        }

        func sync(through server: URL) throws -> ToolProcess.Output {
            try run(["sync", "--server", server.absoluteString, "--json", "--timeout", "20"])
        }

        /// The cards as "name, set, number, value" lines, sorted.
        func cards() throws -> [String] {
            let output = try run(["card", "list", "--json"])
            let cards = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]] ?? []
            return cards.map { card in
                "\(card["name"] as? String ?? ""), \(card["setName"] as? String ?? ""), \(card["cardNumber"] as? String ?? ""), "
                    + "\((card["marketValue"] as? NSNumber)?.doubleValue ?? -1)"
            }.sorted()
        }

        func add(cards count: Int, prefix: String) throws {
            var csv = "Name,Set,Number,Market Value\n"
            for index in 0..<count { csv += "\(prefix) \(index),Cut Set,\(index)/\(count),\(index + 1).25\n" }
            let file = folder.appendingPathComponent("\(prefix)-\(UUID().uuidString).csv")
            try csv.write(to: file, atomically: true, encoding: .utf8)
            let output = try run(["import", file.path])
            #expect(output.status == 0, "import: \(output.stderr)")
        }
    }

    /// What every test here starts from: a server, the proxy in front of it, and two
    /// devices of alice's, which sync through the proxy or straight to the server.
    struct ProxiedServer {
        let setup: Setup
        let proxy: CuttingProxy
        let laptop: Device
        let phone: Device

        init() async throws {
            setup = try await Setup()
            proxy = try CuttingProxy(upstream: setup.server.base)
            laptop = Device(setup, "laptop", token: Setup.aliceLaptop)
            phone = Device(setup, "phone", token: Setup.alicePhone)
        }

        var server: URL { setup.server.base }

        /// The account's log, every page of it.
        func log() async throws -> [SyncChange] {
            let transport = try setup.transport(Setup.aliceLaptop)
            var changes: [SyncChange] = []
            var cursor: Int64 = 0
            while true {
                let page = try await transport.download(SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: Setup.schemaVersion,
                                                                            cursor: cursor, limit: 1_000))
                changes += page.changes
                guard page.hasMore, page.cursor > cursor else { return changes }
                cursor = page.cursor
            }
        }
    }

    static func insertedTwice(_ log: [SyncChange]) -> Int {
        Dictionary(grouping: log.filter { $0.kind == .insert }, by: \.syncID).filter { $0.value.count > 1 }.count
    }

    @Test func aBatchWhoseAnswerWasCutOffIsSentAgainAndRecordedOnce() async throws {
        let rig = try await ProxiedServer()
        let (proxy, laptop, phone) = (rig.proxy, rig.laptop, rig.phone)
        try laptop.add(cards: 40, prefix: "Cut")

        // The batch reaches the server, but its answer is cut off. The HTTP client sends
        // the request again on a new connection, which is cut before it reaches the server.
        proxy.cut("POST", "/sync/v1/batches", [.dropAnswer, .dropRequest, .dropRequest])
        let cut = try laptop.sync(through: proxy.base)
        #expect(cut.status != 0, "\(cut.stdout)")
        #expect(proxy.cutCount >= 1)
        let afterCut = try await rig.log()
        #expect(afterCut.count == 40, "the server recorded the batch it was sent")

        proxy.cut("POST", "/sync/v1/batches", [])
        let again = try laptop.sync(through: proxy.base)
        #expect(again.status == 0, "\(again.stderr)")
        let log = try await rig.log()
        #expect(log.count == 40, "the batch sent again is not recorded again")
        #expect(Self.insertedTwice(log) == 0)

        let phoneSync = try phone.sync(through: rig.server)
        #expect(phoneSync.status == 0, "\(phoneSync.stderr)")
        let phoneCards = try phone.cards()
        let laptopCards = try laptop.cards()
        #expect(phoneCards.count == 40 && Set(phoneCards).count == 40)
        #expect(phoneCards == laptopCards)
    }

    @Test func aConnectionClosedWithoutAnAnswerIsReportedOfflineWithTheChangesKept() async throws {
        let rig = try await ProxiedServer()
        try rig.laptop.add(cards: 2, prefix: "Closed")
        // The server gets the request and answers; the connection closes before the answer
        // is passed on, as when the server is killed or a network drops in the middle.
        rig.proxy.cut("GET", "/sync/v1/changes", [.dropAnswer, .dropAnswer, .dropAnswer])
        let cut = try rig.laptop.sync(through: rig.proxy.base)
        #expect(cut.status != 0)
        #expect(cut.stderr.contains("Offline"), "\(cut.stderr)")
        #expect(cut.stderr.contains("Local changes are kept"), "\(cut.stderr)")
    }

    @Test func aConnectionCutBeforeTheBatchArrivedSendsItAtTheNextSync() async throws {
        let rig = try await ProxiedServer()
        let (proxy, laptop) = (rig.proxy, rig.laptop)
        try laptop.add(cards: 5, prefix: "Early")

        proxy.cut("POST", "/sync/v1/batches", [.dropRequest, .dropRequest, .dropRequest])
        let cut = try laptop.sync(through: proxy.base)
        #expect(cut.status != 0)
        let afterCut = try await rig.log()
        #expect(afterCut.isEmpty)

        // Saved while offline, sent with the rest.
        try laptop.add(cards: 2, prefix: "Offline")
        proxy.cut("POST", "/sync/v1/batches", [])
        let again = try laptop.sync(through: proxy.base)
        #expect(again.status == 0, "\(again.stderr)")
        let log = try await rig.log()
        #expect(log.filter { $0.kind == .insert }.count == 7)
        #expect(Self.insertedTwice(log) == 0)
    }

    @Test func aDownloadCutHalfwayThroughAPageLandsWholeAtTheNextSync() async throws {
        let rig = try await ProxiedServer()
        let (proxy, laptop, phone) = (rig.proxy, rig.laptop, rig.phone)
        try laptop.add(cards: 120, prefix: "Page")
        let first = try laptop.sync(through: rig.server)
        #expect(first.status == 0, "\(first.stderr)")

        try phone.add(cards: 3, prefix: "Phone")
        proxy.cut("GET", "/sync/v1/changes", [.truncateAnswer, .truncateAnswer, .truncateAnswer])
        let cut = try phone.sync(through: proxy.base)
        #expect(cut.status != 0)
        #expect(cut.stderr.contains("Offline"), "\(cut.stderr)")
        #expect(proxy.cutCount >= 1)
        let partial = try phone.cards()
        #expect(partial.count == 3 || partial.count == 123, "a page lands whole or not at all: \(partial.count) cards")

        proxy.cut("GET", "/sync/v1/changes", [])
        let again = try phone.sync(through: proxy.base)
        #expect(again.status == 0, "\(again.stderr)")
        let back = try laptop.sync(through: rig.server)
        #expect(back.status == 0, "\(back.stderr)")
        let phoneCards = try phone.cards()
        let laptopCards = try laptop.cards()
        #expect(phoneCards.count == 123 && Set(phoneCards).count == 123)
        #expect(phoneCards == laptopCards)
        let log = try await rig.log()
        #expect(Self.insertedTwice(log) == 0)
    }
}

/// A TCP proxy on this machine in front of a server, passing bytes through as they are,
/// except that it cuts the connection where a test says: a request dropped before it
/// reaches the server, the answer to a request dropped, or the answer cut halfway
/// through its body. Requests are told apart by their method and path.
final class CuttingProxy: @unchecked Sendable {
    enum Cut: Sendable {
        /// The connection closes before the request reaches the server.
        case dropRequest
        /// The server gets the request and answers; the connection closes before the answer is passed on.
        case dropAnswer
        /// The answer's head and half its body are passed on, then the connection closes.
        case truncateAnswer
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct Rule {
        var method: String
        var path: String
        /// The cuts of the next requests that match, in order.
        var cuts: [Cut]
    }

    let base: URL
    private let upstreamPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var rules: [Rule] = []
    private var cuts = 0
    private var stopped = false

    /// Starts a proxy to `upstream` (an http://127.0.0.1:PORT address) on a free port.
    init(upstream: URL) throws {
        guard let port = upstream.port else { throw Failure(description: "no port in \(upstream)") }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Glibc.bind(socket, address, length) == 0 && Glibc.listen(socket, 16) == 0
                    && Glibc.getsockname(socket, address, &length) == 0
            }
        }
        guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))") else {
            Glibc.close(socket)
            throw Failure(description: "could not listen: errno \(errno)")
        }
        base = url
        listener = socket
        upstreamPort = port
        Thread { [weak self] in Self.acceptConnections(socket, upstreamPort: port, proxy: { self }) }.start()
    }

    deinit { stop() }

    /// Cuts the next requests of `method` to `path` (a prefix), one cut each, in order;
    /// those after them pass. An empty list cuts no more.
    func cut(_ method: String, _ path: String, _ cuts: [Cut]) {
        lock.withLock {
            rules.removeAll { $0.method == method && $0.path == path }
            if !cuts.isEmpty { rules.append(Rule(method: method, path: path, cuts: cuts)) }
        }
    }

    /// How many requests were cut so far.
    var cutCount: Int { lock.withLock { cuts } }

    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Accepts connections until the listener is shut (the proxy stopped or released), then
    /// closes it: closed by `stop()`, its number could go to another test's socket before the
    /// next `accept` here, which would then take that socket's connections.
    private static func acceptConnections(_ listener: Int32, upstreamPort: Int, proxy: () -> CuttingProxy?) {
        defer { Glibc.close(listener) }
        while true {
            let client = Glibc.accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            guard let proxy = proxy(), let upstream = try? RawConnection.connectedSocket(port: upstreamPort) else {
                Glibc.close(client)
                continue
            }
            let connection = Connection(proxy: proxy, client: client, upstream: upstream)
            Thread { connection.passRequests() }.start()
            Thread { connection.passAnswers() }.start()
        }
    }

    /// The cut for a request, counting it; nil to pass it through.
    fileprivate func cut(for method: String, _ path: String) -> Cut? {
        lock.withLock {
            guard let index = rules.firstIndex(where: { $0.method == method && path.hasPrefix($0.path) && !$0.cuts.isEmpty }) else {
                return nil
            }
            cuts += 1
            return rules[index].cuts.removeFirst()
        }
    }

    /// One client's connection and the proxy's own to the server, each direction on a thread.
    private final class Connection: @unchecked Sendable {
        let proxy: CuttingProxy
        let client: Int32
        let upstream: Int32
        private let lock = NSLock()
        /// What to do with the answer to the request passed last.
        private var answerCut: Cut?
        private var closed = false

        init(proxy: CuttingProxy, client: Int32, upstream: Int32) {
            self.proxy = proxy
            self.client = client
            self.upstream = upstream
        }

        /// Closes both sides (once), which ends both threads.
        func close() {
            let first = lock.withLock { () -> Bool in
                defer { closed = true }
                return !closed
            }
            guard first else { return }
            Glibc.shutdown(client, Int32(SHUT_RDWR))
            Glibc.shutdown(upstream, Int32(SHUT_RDWR))
            Glibc.close(client)
            Glibc.close(upstream)
        }

        private static func send(_ bytes: some Collection<UInt8>, to socket: Int32) -> Bool {
            let data = Array(bytes)
            var sent = 0
            while sent < data.count {
                let count = data[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }

        private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)

        private static func endOfHead(_ bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            for index in 0...(bytes.count - 4) where bytes[index..<(index + 4)].elementsEqual(headEnd) { return index + 4 }
            return nil
        }

        private static func contentLength(_ head: [UInt8]) -> Int? {
            let text = String(decoding: head, as: UTF8.self)
            for line in text.split(separator: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }
            }
            return nil
        }

        /// Client to server: each request's head is read whole to decide its fate; bodies pass as they come.
        func passRequests() {
            var head: [UInt8] = []
            var bodyLeft = 0
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = Glibc.recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { return close() }
                var bytes = buffer[..<count]
                while !bytes.isEmpty {
                    if bodyLeft > 0 {
                        let part = bytes.prefix(bodyLeft)
                        guard Self.send(part, to: upstream) else { return close() }
                        bodyLeft -= part.count
                        bytes = bytes.dropFirst(part.count)
                        continue
                    }
                    head += bytes
                    bytes = []
                    guard let end = Self.endOfHead(head) else { break }
                    let requestLine = String(decoding: head.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self).split(separator: " ")
                    let method = requestLine.first.map(String.init) ?? ""
                    let path = requestLine.dropFirst().first.map(String.init) ?? ""
                    let cut = proxy.cut(for: method, path)
                    if case .dropRequest = cut { return close() }
                    lock.withLock { answerCut = cut }
                    guard Self.send(head[..<end], to: upstream) else { return close() }
                    bodyLeft = Self.contentLength(Array(head[..<end])) ?? 0
                    bytes = head[end...]
                    head = []
                }
            }
        }

        /// Server to client: passed through, except the answer to a request that is to be cut.
        func passAnswers() {
            var held: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = Glibc.recv(upstream, &buffer, buffer.count, 0)
                guard count > 0 else { return close() }
                guard let cut = lock.withLock({ answerCut }) else {
                    guard Self.send(buffer[..<count], to: client) else { return close() }
                    continue
                }
                held += buffer[..<count]
                // An interim answer (100 Continue) passes; the cut is for the final one.
                while let end = Self.endOfHead(held), held.starts(with: Array("HTTP/1.1 1".utf8)) {
                    guard Self.send(held[..<end], to: client) else { return close() }
                    held.removeFirst(end)
                }
                guard let end = Self.endOfHead(held) else { continue }
                switch cut {
                case .dropRequest, .dropAnswer:
                    return close()
                case .truncateAnswer:
                    let body = Self.contentLength(Array(held[..<end])) ?? max(held.count - end, 2)
                    let keep = end + max(body / 2, 1)
                    guard held.count >= keep else { continue }
                    _ = Self.send(held[..<keep], to: client)
                    return close()
                }
            }
        }
    }
}
