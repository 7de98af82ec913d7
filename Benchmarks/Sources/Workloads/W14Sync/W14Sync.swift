import Foundation

/// W14 (issue 36): sync through a server, two devices and a server each on a store file
/// of its own, the wire JSON as the HTTP transport sends it.
///
/// - `W14 sync first 100k`: device A holds 100,000 cards it saved (unmeasured); measured,
///   A's sync (its upload) and then B's (its download of all of them) into an empty store.
/// - `W14 sync incremental 100 of 100k`: after a first sync of the 100,000 (once per
///   benchmark, unmeasured), A saves 100 changes (unmeasured): 90 updates of two
///   properties, 5 inserts, 5 deletes; measured, A's sync and then B's.
///
/// OpenSwiftData: `SyncClient` on each device, `SyncServer` on its own container, through
/// `InProcessSyncTransport` wrapped by `WireCountingTransport`, which sends each
/// `SyncUploadBatch` and `SyncDownloadPage` through `JSONEncoder`/`JSONDecoder` as the HTTP
/// transport does and counts the bytes. Raw: the same rows moved by hand with the C API
/// (a version column and tombstones on the device, a row table and a log on the server)
/// and JSON of the rows' values through the same encoder. Bytes up and down and each
/// device's share of the time are recorded as figures (`Figures`) beside the time.
///
/// Checked after the measured region: B holds what A holds (count and digest of every
/// card), and for the first sync, the fixture's cards.
public enum W14Sync {
    /// The cards A holds: 100,000 (a tenth in quick mode), or BENCHMARK_W14_CARDS when set,
    /// to see how the time grows between the two sizes.
    public static let count = ProcessInfo.processInfo.environment["BENCHMARK_W14_CARDS"].flatMap { Int($0) }
        .map { max($0, 10_000) } ?? Scale.rows(100_000)
    /// The incremental sync's changes: updates, inserts and deletes, 100 in all.
    static let updatesPerRound = 90
    static let insertsPerRound = 5
    static let deletesPerRound = 5
    static var changesPerRound: Int { updatesPerRound + insertsPerRound + deletesPerRound }

    public static let firstLabel = "W14 sync first \(Scale.name(count))"
    public static let incrementalLabel = "W14 sync incremental \(changesPerRound) of \(Scale.name(count))"

    /// The account both devices sign in as, and the schema version of every request.
    static let account = "w14"
    static let schemaVersion = "1"
    /// Download page size: the sync client's default, used by both engines.
    static let pageSize = 500
    /// Changes per upload request: the sync client's default (`changesPerUpload`), used by the raw side too.
    static let changesPerUpload = 5_000

    public struct Fixture: Sendable {
        /// Device A's cards before the first sync.
        public let cards: [TradingCard]
        let expected: Digest
    }

    /// What each device holds after the measured syncs.
    public struct Output {
        let deviceA: Digest
        let deviceB: Digest
    }

    public typealias Implementation = @Sendable (Iteration, Fixture) throws -> Output

    static func makeFixture() -> Fixture {
        let cards = (0..<count).map(TradingCard.generated)
        return Fixture(cards: cards, expected: cards.digest)
    }

    static func verifyFirst(_ output: Output, _ fixture: Fixture) throws {
        try checkEqual(output.deviceA, fixture.expected, "\(firstLabel): device A's cards")
        try checkEqual(output.deviceB, fixture.expected, "\(firstLabel): device B's cards after its download")
    }

    static func verifyIncremental(_ output: Output, _ fixture: Fixture) throws {
        // Inserts and deletes are as many: the count stays the fixture's.
        try checkEqual(output.deviceA.count, count, "\(incrementalLabel): device A's cards")
        try checkEqual(output.deviceB, output.deviceA, "\(incrementalLabel): device B's cards against A's")
    }

    public static var cases: [BenchmarkCase] {
        let worlds: [(Engine, @Sendable (URL) throws -> any W14SyncWorld)] = [
            (.raw, { try RawSyncWorld($0) }),
            (.openSwiftData, { try OpenSwiftDataSyncWorld($0) }),
        ]
        return worlds.map { engine, open in
            .make(firstLabel, engine, freshStorePerIteration: true, iterations: Scale.iterations(3), fixture: makeFixture,
                  implementation: { run, fixture in try open(run.directory).measureFirstSync(run, fixture, engine) },
                  verify: verifyFirst)
        } + worlds.map { engine, open in
            // One store for the benchmark: the first sync is its setup (`run.once`), and
            // each iteration syncs a new round of changes.
            .make(incrementalLabel, engine, freshStorePerIteration: false, iterations: Scale.iterations(10), fixture: makeFixture,
                  implementation: { run, fixture in try open(run.directory).measureIncrementalSync(run, fixture, engine) },
                  verify: verifyIncremental)
        }
    }

    // MARK: The changes of one round

    /// The incremental sync's `round`th set of changes, the same for both engines: card
    /// numbers to update (a run of 90 above 1,000), to insert (after the fixture's) and to
    /// delete (from the start: below 1,000 for the first 200 rounds).
    struct Round {
        let updates: Range<Int>
        let inserts: Range<Int>
        let deletes: Range<Int>

        init(_ round: Int) {
            let span = count - 2_000
            let start = 1_000 + (round * updatesPerRound) % span
            updates = start..<(start + updatesPerRound)
            inserts = (count + round * insertsPerRound)..<(count + (round + 1) * insertsPerRound)
            deletes = (round * deletesPerRound)..<((round + 1) * deletesPerRound)
        }

        /// Which round the store is at, from the cards inserted by the rounds before.
        static func number(insertedSoFar: Int) -> Int { insertedSoFar / insertsPerRound }
    }

    /// An update's new price: 25 cents more, in cents.
    static func updatedPrice(_ price: Double) -> Double { ((price + 0.25) * 100).rounded() / 100 }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    // MARK: Figures

    /// What one device's requests moved, and the time the server and the JSON took for them.
    struct WireTally {
        var uploadBytes = 0
        var uploads = 0
        var downloadBytes = 0
        var downloads = 0
        /// The server's share, without the JSON: applying uploads, and reading pages.
        var serverUploadSeconds = 0.0
        var serverDownloadSeconds = 0.0
        /// Encoding and decoding the bodies on the wire, both ends.
        var jsonSeconds = 0.0

        static func + (lhs: WireTally, rhs: WireTally) -> WireTally {
            WireTally(uploadBytes: lhs.uploadBytes + rhs.uploadBytes, uploads: lhs.uploads + rhs.uploads,
                      downloadBytes: lhs.downloadBytes + rhs.downloadBytes, downloads: lhs.downloads + rhs.downloads,
                      serverUploadSeconds: lhs.serverUploadSeconds + rhs.serverUploadSeconds,
                      serverDownloadSeconds: lhs.serverDownloadSeconds + rhs.serverDownloadSeconds,
                      jsonSeconds: lhs.jsonSeconds + rhs.jsonSeconds)
        }
    }

    /// The wire and time figures of one iteration, recorded for the report.
    struct WireFigures {
        /// Device A's requests (its download is what its sync reads back after its upload) and B's.
        var deviceA = WireTally()
        var deviceB = WireTally()
        var syncASeconds = 0.0
        /// A's sync until its first download request: reading its changes, uploading them
        /// (the server's work included) and noting them sent.
        var uploadPhaseASeconds = 0.0
        var syncBSeconds = 0.0

        func record(_ label: String, _ engine: Engine, _ run: Iteration) {
            let both = deviceA + deviceB
            Figures.record(label, engine, warmUp: run.isFirst, [
                ("bytes up", Double(both.uploadBytes)),
                ("bytes down", Double(both.downloadBytes)),
                ("bytes down to A", Double(deviceA.downloadBytes)),
                ("bytes down to B", Double(deviceB.downloadBytes)),
                ("upload requests", Double(both.uploads)),
                ("download requests", Double(both.downloads)),
                ("A's sync ms", syncASeconds * 1_000),
                ("  its upload phase ms", uploadPhaseASeconds * 1_000),
                ("  its download phase ms", (syncASeconds - uploadPhaseASeconds) * 1_000),
                ("B's sync ms", syncBSeconds * 1_000),
                ("server: uploads ms", both.serverUploadSeconds * 1_000),
                ("server: pages ms", both.serverDownloadSeconds * 1_000),
                ("wire JSON ms (both ends)", both.jsonSeconds * 1_000),
                ("devices ms (the rest)",
                 (syncASeconds + syncBSeconds - both.serverUploadSeconds - both.serverDownloadSeconds - both.jsonSeconds) * 1_000),
            ])
        }
    }

    /// Runs `body`, adding the seconds it took to `total`.
    static func timed<T>(_ total: inout Double, _ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { total += seconds(clock.now - start) }
        return try body()
    }

    /// The same for the in-process transport, whose server is async.
    static func timed<T>(_ total: inout Double, _ body: () async throws -> T) async rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { total += seconds(clock.now - start) }
        return try await body()
    }
}

/// W14's card: a unique key and five values, as a collector's app keeps them.
public struct TradingCard: Equatable, Sendable {
    public var key: String
    public var name: String
    public var setName: String
    public var number: Int
    public var price: Double
    public var quantity: Int

    static let sets = ["Alpha", "Beta", "Unlimited", "Arabian Nights", "Antiquities", "Legends", "The Dark",
                       "Fallen Empires", "Ice Age", "Homelands", "Alliances", "Mirage", "Visions", "Weatherlight"]
    static let words = ["Serra", "Angel", "Shivan", "Dragon", "Llanowar", "Elves", "Dark", "Ritual", "Black", "Lotus",
                        "Counter", "Spell", "Giant", "Growth", "Lightning", "Bolt", "Wrath", "Sword", "Plains", "Island"]

    /// The card numbered `number`, the same in every process: the fixture's are 0..<count,
    /// the incremental rounds insert the ones after.
    static func generated(_ number: Int) -> TradingCard {
        var random = SplitMix64(seed: 0x5EED_0014 &+ UInt64(number) &* 0x9E37_79B9)
        let name = random.pick(words) + " " + random.pick(words) + " " + String(random.int(in: 1...999))
        return TradingCard(key: "card-" + String(number), name: name, setName: random.pick(sets), number: number,
                           price: random.cents(0.1, 500), quantity: random.int(in: 0...20))
    }

    /// The row's contribution to a `Digest`.
    var rowHash: RowHasher {
        var h = RowHasher()
        h.combine(key)
        h.combine(name)
        h.combine(setName)
        h.combine(number)
        h.combine(price)
        h.combine(quantity)
        return h
    }
}

extension Sequence where Element == TradingCard {
    var digest: Digest {
        var d = Digest()
        for card in self { d.add(card.rowHash) }
        return d
    }
}

/// Runs async work to its end from the synchronous harness: one hop to Swift concurrency
/// per call, as a command-line tool's `main` waits for its work.
func waitFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = AsyncOutcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { outcome.result = .success(try await body()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    guard let result = outcome.result else { throw WorkloadError("async work ended without a result") }
    return try result.get()
}

/// The result of `waitFor`'s work, written by its task before the semaphore is signalled
/// and read after the wait.
private final class AsyncOutcome<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
