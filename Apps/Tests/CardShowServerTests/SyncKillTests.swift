import ChildProcessSupport
import CommandLineTestSupport
import Foundation
import OpenSwiftDataSync
import struct QueryOracle.SeededGenerator
import Testing

/// `cardshow sync` and cardshow-server killed with SIGKILL at random moments of a sync:
/// two devices of one account edit their cards between rounds while their syncs, and the
/// server under them, are killed again and again. Once the kills stop and both devices
/// have synced until there is nothing left to send, both hold exactly the cards their
/// acknowledged commands made, each once.
///
/// The short form (CI) kills about 10 syncs and the server 4 times. The long form kills
/// `OSD_SYNC_KILLS` times (a quarter of them the server's) with more cards
/// (`OSD_SYNC_KILL_CARDS`, 1,000 by default); `OSD_SYNC_KILL_SEED` repeats a run's choices:
///
///     OSD_SYNC_KILLS=200 swift test --package-path Apps --scratch-path .build --filter SyncKillTests
@Suite struct SyncKillTests {
    @Test func killedDevicesAndServerLoseAndDuplicateNothing() async throws {
        let environment = ProcessInfo.processInfo.environment
        let kills = environment["OSD_SYNC_KILLS"].flatMap { Int($0) }
        let plan = KillPlan(
            deviceKills: kills.map { $0 - $0 / 4 } ?? 10,
            serverKills: kills.map { $0 / 4 } ?? 4,
            cards: environment["OSD_SYNC_KILL_CARDS"].flatMap { Int($0) } ?? (kills == nil ? 300 : 1_000),
            seed: environment["OSD_SYNC_KILL_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(UInt32.max)))
        print("SyncKillTests: seed \(plan.seed) (OSD_SYNC_KILL_SEED=\(plan.seed) repeats its choices), "
              + "\(plan.deviceKills) device kills and \(plan.serverKills) server kills planned, \(plan.cards) cards")
        let run = try await KillRun(plan)
        let started = ContinuousClock.now
        try await run.killAtRandom()
        try run.syncUntilQuiet()
        try run.checkDevices()
        try await run.checkServerLog()
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        #expect(run.deviceKills >= plan.deviceKills && run.serverKills >= plan.serverKills,
                "only \(run.deviceKills) device kills and \(run.serverKills) server kills landed in \(run.rounds) rounds")
        let kinds = "\(run.deviceKills) of a device's sync, \(run.serverKills) of the server during a sync, "
            + "\(Self.spread(run.killDelays)) after the sync started; the syncs that ran to the end took \(Self.spread(run.syncDurations)), "
            + "the tool alone \(String(format: "%.2f", run.startup)) s"
        print("SyncKillTests: \(run.deviceKills + run.serverKills) kills (\(kinds)), seed \(plan.seed), \(run.rounds) rounds, "
              + "\(run.completedSyncs) syncs ran to the end, \(run.acknowledgedEdits) edits acknowledged (\(run.refusedEdits) refused), "
              + "\(run.expected.count) cards on each device, \(run.logCount) changes in the server's log, "
              + "\(String(format: "%.1f", seconds)) s: \(run.problems == 0 ? "nothing lost, nothing duplicated" : "FAILED")")
    }
}

extension SyncKillTests {
    /// "0.05 to 0.90 s, median 0.31 s".
    static func spread(_ seconds: [Double]) -> String {
        let sorted = seconds.sorted()
        guard let first = sorted.first, let last = sorted.last else { return "no time" }
        return String(format: "%.2f to %.2f s, median %.2f s", first, last, sorted[sorted.count / 2])
    }
}

/// How many kills a run makes, of what, and with which choices.
struct KillPlan {
    var deviceKills: Int
    var serverKills: Int
    var cards: Int
    var seed: UInt64
}

/// One run: the server (restarted on its store after each kill), two devices of alice's,
/// the cards each device's acknowledged commands made, and the kills so far.
final class KillRun {
    struct Device {
        let name: String
        let store: String
        let token: String
        let tool: ToolProcess
    }

    /// A card as the commands that succeeded left it: the one device that made it edits it.
    struct Card: Equatable, CustomStringConvertible {
        var name: String
        var set: String
        var number: String
        var cents: Int
        var owner: String
        var description: String { "\(name) (\(set) \(number)) $\(cents / 100).\(String(format: "%02d", cents % 100))" }
    }

    let plan: KillPlan
    let folder: ServerFolder
    let tokens: URL
    private(set) var server: ServerProcess
    let devices: [Device]
    private var random: SeededGenerator
    private let sync: URL

    /// The cards every device must hold in the end, by ID.
    private(set) var expected: [UUID: Card] = [:]
    private var serial = 0
    /// Per device, about how long its sync takes, in seconds: kills are drawn below it.
    private var typicalSync: [String: Double] = [:]
    /// How long the tool takes to start and end, in seconds.
    private(set) var startup = 1.0
    private(set) var deviceKills = 0
    private(set) var serverKills = 0
    private(set) var rounds = 0
    private(set) var completedSyncs = 0
    private(set) var acknowledgedEdits = 0
    private(set) var refusedEdits = 0
    private(set) var logCount = 0
    private(set) var problems = 0
    /// How long after its start each kill came, and how long each sync that ran to the end took, in seconds.
    private(set) var killDelays: [Double] = []
    private(set) var syncDurations: [Double] = []

    init(_ plan: KillPlan) async throws {
        self.plan = plan
        random = SeededGenerator(seed: plan.seed)
        let folder = try ServerFolder()
        self.folder = folder
        tokens = folder.url.appendingPathComponent("tokens")
        try "alice \(SyncServerSetup.aliceLaptop)\nalice \(SyncServerSetup.alicePhone)\n".write(to: tokens, atomically: true, encoding: .utf8)
        server = try await ServerProcess(["--store", folder.store, "--sync-tokens", tokens.path])
        devices = [("laptop", SyncServerSetup.aliceLaptop), ("phone", SyncServerSetup.alicePhone)].map { name, token in
            Device(name: name, store: folder.url.appendingPathComponent("\(name).store").path, token: token,
                   tool: ToolProcess("cardshow", environment: ["CARDSHOW_SYNC_TOKEN": token]))
        }
        guard let executable = devices[0].tool.executable else { throw ToolProcess.Failure.notBuilt("cardshow") }
        sync = executable
    }

    /// Counts a failed check, recording it as the test's issue.
    private func problem(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        problems += 1
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }

    // MARK: The kills

    /// The laptop starts with `plan.cards` cards and the phone with a few; then, round after
    /// round, a device may edit its cards (sometimes while its sync runs), a device syncs,
    /// and either the sync or the server is killed at a random moment of it.
    func killAtRandom() async throws {
        // How long the tool takes to start and end, doing nothing.
        for _ in 0..<3 {
            let started = Date()
            _ = try devices[0].tool.run(["--version"])
            startup = min(startup, Date().timeIntervalSince(started))
        }
        try edit(devices[0], adding: plan.cards, updating: 0)
        try edit(devices[1], adding: 5, updating: 0)
        let attempts = 6 * (plan.deviceKills + plan.serverKills) + 20
        while deviceKills < plan.deviceKills || serverKills < plan.serverKills, rounds < attempts {
            rounds += 1
            let device = devices[Int.random(in: 0..<2, using: &random)]
            let killServer = deviceKills >= plan.deviceKills
                || (serverKills < plan.serverKills && Int.random(in: 0..<4, using: &random) == 0)
            let editing = Int.random(in: 0..<3, using: &random)
            // Before the sync (1 in 3), during it (1 in 6), or not at all.
            let editor = devices[Int.random(in: 0..<2, using: &random)]
            if editing == 0 { try randomEdit(editor) }
            let duringSync = editing == 1 && Bool.random(using: &random)
            // Mostly after the tool has started (a kill before it opens the store tests
            // little), up to a little past the time its syncs take.
            let typical = typicalSync[device.name] ?? 0.8
            let delay = Int.random(in: 0..<8, using: &random) == 0 || typical <= startup
                ? Double.random(in: 0...typical, using: &random)
                : Double.random(in: startup...(typical * 1.25), using: &random)

            let process = try startSync(device)
            let started = Date()
            var concurrent: Thread?
            let concurrentDone = DispatchSemaphore(value: 0)
            if duringSync {
                // The edit's result is recorded after the round; its command runs beside the sync.
                let job = EditJob(run: self, device: device, random: &random)
                concurrent = Thread { job.perform(); concurrentDone.signal() }
                concurrent?.start()
                pendingJobs.append(job)
            }
            let ended = Self.wait(for: process, upTo: started.addingTimeInterval(delay))
            if ended {
                completedSyncs += process.terminationStatus == 0 ? 1 : 0
                let duration = Date().timeIntervalSince(started)
                if process.terminationStatus == 0 { syncDurations.append(duration) }
                typicalSync[device.name] = max(duration * 1.2, 0.05)
            } else if killServer {
                killDelays.append(Date().timeIntervalSince(started))
                kill(server.process.processIdentifier, SIGKILL)
                server.process.waitUntilExit()
                serverKills += 1
                process.waitUntilExit()
                server = try await ServerProcess(["--store", folder.store, "--sync-tokens", tokens.path])
            } else {
                let delay = Date().timeIntervalSince(started)
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL {
                    deviceKills += 1
                    killDelays.append(delay)
                    // The sync needed longer than this: let the next draws reach further.
                    typicalSync[device.name] = (typicalSync[device.name] ?? 0.8) * 1.15
                } else {
                    completedSyncs += process.terminationStatus == 0 ? 1 : 0
                }
            }
            if concurrent != nil { concurrentDone.wait() }
            for job in pendingJobs { job.record() }
            pendingJobs.removeAll()
        }
    }

    private var pendingJobs: [EditJob] = []

    /// Polls until the process ends or `deadline` passes; true when it ended.
    private static func wait(for process: ChildProcess, upTo deadline: Date) -> Bool {
        while process.isRunning {
            if Date() >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    private func startSync(_ device: Device) throws -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = sync
        process.arguments = ["--store", device.store, "sync", "--server", server.base.absoluteString, "--timeout", "20"]
        process.environment = ProcessInfo.processInfo.environment.merging(["CARDSHOW_SYNC_TOKEN": device.token]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    // MARK: The edits

    /// An edit the device makes: a few cards added, a few of its own repriced, sometimes one of its own deleted.
    struct Edit {
        var device: Device
        var added: [UUID: Card] = [:]
        var updated: [UUID: Card] = [:]
        var deleted: UUID?
    }

    private func randomEdit(_ device: Device) throws {
        var edit = makeEdit(for: device, random: &random)
        try perform(&edit)
    }

    private func edit(_ device: Device, adding count: Int, updating: Int) throws {
        var edit = Edit(device: device)
        for _ in 0..<count { edit.added[newID()] = newCard(device, random: &random) }
        try perform(&edit)
    }

    fileprivate func makeEdit(for device: Device, random: inout SeededGenerator) -> Edit {
        var edit = Edit(device: device)
        for _ in 0..<Int.random(in: 1...4, using: &random) { edit.added[newID(using: &random)] = newCard(device, random: &random) }
        let own = expected.filter { $0.value.owner == device.name }.keys.sorted { $0.uuidString < $1.uuidString }
        for _ in 0..<min(Int.random(in: 0...3, using: &random), own.count) {
            guard let id = own.randomElement(using: &random), var card = expected[id] else { continue }
            card.cents = Int.random(in: 1...99_999, using: &random)
            edit.updated[id] = card
        }
        if Int.random(in: 0..<3, using: &random) == 0,
           let id = own.filter({ edit.updated[$0] == nil }).randomElement(using: &random) {
            edit.deleted = id
        }
        return edit
    }

    private func newID() -> UUID { newID(using: &random) }

    private func newID(using random: inout SeededGenerator) -> UUID {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    private func newCard(_ device: Device, random: inout SeededGenerator) -> Card {
        serial += 1
        return Card(name: "Kill \(device.name) \(serial)", set: "Kill Set \(serial % 7)", number: "\(serial)/999",
                    cents: Int.random(in: 1...99_999, using: &random), owner: device.name)
    }

    /// Runs the edit's commands: one import (the new cards and the repriced ones, by ID), then the delete.
    fileprivate func perform(_ edit: inout Edit) throws {
        let outcome = try run(edit)
        record(edit, outcome)
    }

    fileprivate struct Outcome {
        var imported: Bool
        var deleted: Bool
        var refusals: [String]
    }

    fileprivate func run(_ edit: Edit) throws -> Outcome {
        var outcome = Outcome(imported: true, deleted: false, refusals: [])
        let cards = edit.added.merging(edit.updated) { $1 }
        if !cards.isEmpty {
            let file = folder.url.appendingPathComponent("edit-\(UUID().uuidString).csv")
            var csv = "Name,Set,Number,Market Value,ID\n"
            for (id, card) in cards.sorted(by: { $0.value.name < $1.value.name }) {
                csv += "\(card.name),\(card.set),\(card.number),\(card.cents / 100).\(String(format: "%02d", card.cents % 100)),\(id.uuidString)\n"
            }
            try csv.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let output = try edit.device.tool.run(["--store", edit.device.store, "import", file.path])
            outcome.imported = output.status == 0
            if !outcome.imported { outcome.refusals.append("import: \(output.stderr)") }
        }
        if let id = edit.deleted {
            let output = try edit.device.tool.run(["--store", edit.device.store, "card", "delete", id.uuidString])
            outcome.deleted = output.status == 0
            if !outcome.deleted { outcome.refusals.append("delete: \(output.stderr)") }
        }
        return outcome
    }

    /// Notes what the edit's commands that succeeded changed. A command may be refused (the
    /// store busy with a sync beside it); it then changed nothing, which the end checks.
    fileprivate func record(_ edit: Edit, _ outcome: Outcome) {
        if outcome.imported {
            for (id, card) in edit.added.merging(edit.updated, uniquingKeysWith: { $1 }) { expected[id] = card }
            if !edit.added.isEmpty || !edit.updated.isEmpty { acknowledgedEdits += 1 }
        } else {
            refusedEdits += 1
            print("SyncKillTests: refused on the \(edit.device.name): \(outcome.refusals.joined(separator: "; "))")
        }
        if let id = edit.deleted {
            if outcome.deleted {
                expected[id] = nil
                acknowledgedEdits += 1
            } else {
                refusedEdits += 1
            }
        }
    }

    // MARK: The checks

    /// Syncs the laptop, then the phone, until a round of both has nothing to upload or download.
    func syncUntilQuiet() throws {
        for round in 1...10 {
            var moved = 0
            for device in devices {
                let output = try device.tool.run(["--store", device.store, "sync", "--server", server.base.absoluteString, "--json"])
                guard output.status == 0 else {
                    problem("a clean sync of the \(device.name) failed (round \(round)): \(output.stderr)")
                    return
                }
                let report = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [String: Any] ?? [:]
                moved += (report["uploaded"] as? Int ?? 1) + (report["downloaded"] as? Int ?? 1)
            }
            if moved == 0 { return }
        }
        problem("the devices still had changes to send after 10 rounds of clean syncs")
    }

    /// Each device holds exactly the expected cards: each once (by ID, and by name, set and
    /// number), with the values their last acknowledged edit gave; both devices hold the same.
    func checkDevices() throws {
        var listings: [String: [[String: Any]]] = [:]
        for device in devices {
            let output = try device.tool.run(["--store", device.store, "card", "list", "--json"])
            guard output.status == 0,
                  let cards = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]] else {
                problem("card list on the \(device.name) failed: \(output.stderr)")
                continue
            }
            listings[device.name] = cards
            let ids = cards.compactMap { ($0["id"] as? String).flatMap(UUID.init(uuidString:)) }
            let duplicateIDs = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys
            if ids.count != cards.count || !duplicateIDs.isEmpty {
                problem("the \(device.name) lists \(cards.count) cards with \(Set(ids).count) IDs; twice: \(duplicateIDs.sorted { $0.uuidString < $1.uuidString })")
            }
            let keys = cards.map { "\($0["name"] as? String ?? "") | \($0["setName"] as? String ?? "") | \($0["cardNumber"] as? String ?? "")" }
            let duplicateKeys = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            if !duplicateKeys.isEmpty { problem("the \(device.name) holds cards twice: \(duplicateKeys.prefix(10))") }
            var held: [UUID: Card] = [:]
            for card in cards {
                guard let id = (card["id"] as? String).flatMap(UUID.init(uuidString:)) else { continue }
                let value = (card["marketValue"] as? NSNumber)?.doubleValue ?? -1
                held[id] = Card(name: card["name"] as? String ?? "", set: card["setName"] as? String ?? "",
                                number: card["cardNumber"] as? String ?? "", cents: Int((value * 100).rounded()), owner: expected[id]?.owner ?? "?")
            }
            let lost = expected.keys.filter { held[$0] == nil }
            let extra = held.keys.filter { expected[$0] == nil }
            let wrong = expected.compactMap { id, card in held[id].flatMap { $0 == card ? nil : "\($0) instead of \(card)" } }
            if !lost.isEmpty { problem("the \(device.name) lost \(lost.count) cards: \(lost.prefix(10).compactMap { expected[$0] })") }
            if !extra.isEmpty { problem("the \(device.name) holds \(extra.count) cards no acknowledged command made or kept: \(extra.prefix(10).compactMap { held[$0] })") }
            if !wrong.isEmpty { problem("the \(device.name) holds \(wrong.count) cards as no acknowledged command left them: \(wrong.prefix(10))") }
        }
        // Both the same, field by field (dates, tags, everything the listing shows).
        let normalized = listings.mapValues { cards in
            cards.compactMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
                .map { String(decoding: $0, as: UTF8.self) }.sorted()
        }
        if let laptop = normalized["laptop"], let phone = normalized["phone"], laptop != phone {
            let differing = Set(laptop).symmetricDifference(Set(phone)).sorted().prefix(4)
            problem("the laptop and the phone hold different cards: \(differing)")
        }
    }

    /// The server's log of the account inserts each model once: no batch was recorded twice.
    func checkServerLog() async throws {
        let transport = try HTTPSyncTransport(server: server.base, token: SyncServerSetup.aliceLaptop, requestTimeout: 60)
        var cursor: Int64 = 0
        var inserts: [UUID: Int] = [:]
        var count = 0
        while true {
            let page = try await transport.download(SyncDownloadRequest(account: "alice", device: UUID(),
                                                                        schemaVersion: SyncServerSetup.schemaVersion,
                                                                        cursor: cursor, limit: 1_000))
            count += page.changes.count
            for change in page.changes where change.kind == .insert { inserts[change.syncID, default: 0] += 1 }
            guard page.hasMore, page.cursor > cursor else { break }
            cursor = page.cursor
        }
        logCount = count
        let twice = inserts.filter { $0.value > 1 }
        if !twice.isEmpty { problem("the server's log inserts \(twice.count) models more than once: a batch was recorded twice") }
        let cards = inserts.count
        if cards < expected.count { problem("the server's log inserts \(cards) models, fewer than the \(expected.count) cards the devices hold") }
    }
}

/// An edit run beside a sync, on a thread of its own; recorded once the round is over.
final class EditJob: @unchecked Sendable {
    private let run: KillRun
    private let edit: KillRun.Edit
    private var outcome: KillRun.Outcome?
    private var failure: (any Error)?

    init(run: KillRun, device: KillRun.Device, random: inout SeededGenerator) {
        self.run = run
        edit = run.makeEdit(for: device, random: &random)
    }

    func perform() {
        do { outcome = try run.run(edit) } catch { failure = error }
    }

    func record() {
        if let outcome { run.record(edit, outcome) }
        if let failure { Issue.record(failure, "an edit beside a sync could not be run") }
    }
}
