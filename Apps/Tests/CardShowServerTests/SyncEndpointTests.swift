import CommandLineTestSupport
import Foundation
import OpenSwiftDataSync
import Testing

/// The sync endpoints over HTTP: who may read and change what, what an upload sent
/// twice does, and what the server refuses, each refusal changing nothing.
@Suite struct SyncEndpointTests {
    typealias Setup = SyncServerSetup

    @Test func aTokenSignsInAsItsAccountWithTheServersSchemaVersion() async throws {
        let setup = try await Setup()
        #expect(try await setup.transport(Setup.alicePhone).signedInAccount() == SyncAccount(account: "alice", schemaVersion: Setup.schemaVersion))
        #expect(try await setup.transport(Setup.bob).signedInAccount().account == "bob")
    }

    @Test func anUploadSentAgainWithTheSameBatchIDChangesNothingTheSecondTime() async throws {
        let setup = try await Setup()
        let transport = try setup.transport(Setup.aliceLaptop)
        let batch = Setup.batch(cards: ["Pikachu", "Charizard"])
        let first = try await transport.upload(batch)
        let again = try await transport.upload(batch)
        #expect(first == SyncUploadReceipt(batchID: batch.id, recordedChanges: 2, wasDuplicate: false, deviceUploads: 1))
        #expect(again == SyncUploadReceipt(batchID: batch.id, recordedChanges: 2, wasDuplicate: true, deviceUploads: 1))
        #expect(try await setup.log(Setup.alicePhone).count == 2)
    }

    @Test(arguments: ["fullDownloadThrough=5", "fullDownloadSent=5", "fullDownloadThrough=5&fullDownloadSent=-1",
                      "fullDownloadThrough=x&fullDownloadSent=2"])
    func aFullDownloadsPositionGivenInPartOrNotAsNumbersIsRefusedWith400(position: String) async throws {
        let setup = try await Setup()
        let path = "/sync/v1/changes?after=0&account=alice&device=\(UUID().uuidString)&schemaVersion=\(Setup.schemaVersion)&\(position)"
        let reply = try await setup.server.send("GET", path, token: Setup.alicePhone)
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.error?.contains("fullDownloadThrough and fullDownloadSent") == true, "\(reply.text)")
    }

    @Test func aRequestWithoutATokenIsRefusedWith401SayingHowToSendOne() async throws {
        let setup = try await Setup()
        let reply = try await setup.server.send("GET", "/sync/v1/account", token: nil)
        #expect(reply.status == 401, "\(reply.text)")
        #expect(reply.error?.contains("Authorization: Bearer TOKEN") == true, "\(reply.text)")
    }

    @Test func aForgedTokenIsRefusedAndNothingIsRecorded() async throws {
        let setup = try await Setup()
        // One character off alice's: as close as a forger gets without the file.
        let forged = String(Setup.aliceLaptop.dropLast()) + "e"
        let body = try JSONEncoder().encode(Setup.batch(cards: ["Forged"]))
        let reply = try await setup.server.send("POST", "/sync/v1/batches", token: forged, body: body)
        #expect(reply.status == 401, "\(reply.text)")
        #expect(reply.error?.contains("not one this server accepts") == true, "\(reply.text)")
        let refused = await #expect(throws: SyncError.self) { try await setup.transport(forged).upload(Setup.batch(cards: ["Forged"])) }
        #expect(refused?.description.contains("refused this device's token") == true, "\(String(describing: refused))")
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test func aTokenCannotReadOrChangeAnotherAccountsData() async throws {
        let setup = try await Setup()
        _ = try await setup.transport(Setup.aliceLaptop).upload(Setup.batch(cards: ["Alice's Pikachu"]))
        let bob = try setup.transport(Setup.bob)
        let read = await #expect(throws: SyncError.self) {
            try await bob.download(SyncDownloadRequest(account: "alice", device: UUID(), schemaVersion: Setup.schemaVersion, cursor: 0, limit: 100))
        }
        #expect(read.map { if case .tokenRefused = $0 { true } else { false } } == true, "\(String(describing: read))")
        #expect(read?.description.contains("reads and changes its own account's data only") == true, "\(String(describing: read))")
        await #expect(throws: SyncError.self) { try await bob.upload(Setup.batch(account: "alice", cards: ["Bob's forgery"])) }
        #expect(try await setup.log(Setup.aliceLaptop).count == 1)
        #expect(try await setup.log(Setup.bob, account: "bob").isEmpty)
    }

    @Test func aBatchWithMoreChangesThanTheLimitIsRefusedWith413AndNothingIsRecorded() async throws {
        let setup = try await Setup(["--sync-batch-limit", "5000"])
        let refused = await #expect(throws: SyncError.self) {
            try await setup.transport(Setup.aliceLaptop).upload(Setup.batch(cards: (0...5_000).map { "Card \($0)" }))
        }
        #expect(refused.map { if case .batchTooLarge = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("at most 5000 in one upload") == true, "\(String(describing: refused))")
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test func aBodyLargerThanTheLimitIsRefusedWith413BeforeItIsRead() async throws {
        let setup = try await Setup()
        let connection = try setup.server.connect()
        try connection.send("POST /sync/v1/batches HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Setup.aliceLaptop)\r\n"
                            + "Content-Type: application/json\r\nContent-Length: \(100 << 20)\r\n\r\n{")
        let answer = connection.read(until: "}")
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
        #expect(answer.contains("upload the changes in several batches"), "\(answer)")
    }

    @Test(arguments: [
        ("{not json", "not JSON"),
        (#"{"id": "not a uuid"}"#, "not a sync batch"),
        (#"{"id": "8A6A3C58-7C5E-4E3B-9A43-1D7B7F5E2C11", "account": "alice", "device": "8A6A3C58-7C5E-4E3B-9A43-1D7B7F5E2C11", "schemaVersion": "7.0.0", "changes": [{"entity": 5}]}"#, "changes[0].entity"),
        (#"{"id": "8A6A3C58-7C5E-4E3B-9A43-1D7B7F5E2C11", "account": "alice", "device": "8A6A3C58-7C5E-4E3B-9A43-1D7B7F5E2C11", "schemaVersion": "7.0.0", "changes": [{"entityName": 5, "syncID": "8A6A3C58-7C5E-4E3B-9A43-1D7B7F5E2C11"}]}"#, "changes[0].entityName"),
    ])
    func anUnreadableBodyIsRefusedWith400InWordsWithoutTypeNames(body: String, words: String) async throws {
        let setup = try await Setup()
        let reply = try await setup.server.send("POST", "/sync/v1/batches", token: Setup.aliceLaptop, body: Data(body.utf8))
        #expect(reply.status == 400, "\(reply.text)")
        let error = try #require(reply.error)
        #expect(error.contains(words), "\(error)")
        #expect(error.contains("Nothing was changed"), "\(error)")
        for typeName in ["Sync", "UUID", "String", "DecodingError", "Swift", "SQL"] {
            #expect(!error.contains(typeName), "\(error)")
        }
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test func aChangeOfAModelCardShowDoesNotHaveIsRefusedWith400() async throws {
        let setup = try await Setup()
        var batch = Setup.batch(cards: ["Pikachu"])
        batch.changes[0].entityName = "Spaceship"
        let refused = await #expect(throws: SyncError.self) { try await setup.transport(Setup.aliceLaptop).upload(batch) }
        #expect(refused.map { if case .rejected(400, _) = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("\"Spaceship\", which is no model this server syncs") == true, "\(String(describing: refused))")
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test func aDeviceOnAnotherSchemaVersionIsRefusedNamingBothVersions() async throws {
        let setup = try await Setup()
        var batch = Setup.batch(cards: ["Pikachu"])
        batch.schemaVersion = "5.0.0"
        let refused = await #expect(throws: SyncError.self) { try await setup.transport(Setup.aliceLaptop).upload(batch) }
        #expect(refused.map { if case .rejected(409, _) = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("5.0.0") == true && refused?.description.contains("7.0.0") == true, "\(String(describing: refused))")
    }

    @Test func aWrongMethodOnASyncAddressIs405NamingTheOneItTakes() async throws {
        let setup = try await Setup()
        let reply = try await setup.server.send("GET", "/sync/v1/batches", token: Setup.aliceLaptop)
        #expect(reply.status == 405, "\(reply.text)")
        #expect(reply.error?.contains("use POST") == true, "\(reply.text)")
    }

    @Test func aServerStartedWithoutTokensSaysItDoesNotOfferSync() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/sync/v1/account", token: Setup.aliceLaptop)
        #expect(reply.status == 404, "\(reply.text)")
        #expect(reply.error?.contains("--sync-tokens") == true, "\(reply.text)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("inventory-sync.store").path))
    }

    /// 40 "é" were "a token of 80 characters": its bytes were counted, and its not being ASCII not named.
    @Test func aTokenOfLettersWithAccentsIsRefusedAsNotASCIINotByItsBytes() throws {
        let folder = try ServerFolder()
        let tokens = folder.url.appendingPathComponent("tokens")
        try "alice \(String(repeating: "é", count: 40))\n".write(to: tokens, atomically: true, encoding: .utf8)
        let output = try ToolProcess("cardshow-server").run(["--store", folder.store, "--sync-tokens", tokens.path, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Line 1 of the token file") && output.stderr.contains("a character that is not printable ASCII"),
                "\(output.stderr)")
        #expect(!output.stderr.contains("80 characters"), "\(output.stderr)")
    }

    @Test func aTokenFileWithAShortTokenStopsTheServerNamingTheLineNotTheToken() throws {
        let folder = try ServerFolder()
        let tokens = folder.url.appendingPathComponent("tokens")
        try "alice \(Setup.aliceLaptop)\nbob tooshort123\n".write(to: tokens, atomically: true, encoding: .utf8)
        let output = try ToolProcess("cardshow-server").run(["--store", folder.store, "--sync-tokens", tokens.path, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Line 2 of the token file"), "\(output.stderr)")
        #expect(!output.stderr.contains("tooshort123"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.store))
    }

    /// Issue 33's twenty-third pass: a token file saved with CRLF line ends stopped the server
    /// with "Line 1 of the token file … is not an account and a token", the whole file one line.
    @Test func aTokenFileWithCRLFOrCROnlyLineEndsIsReadLineByLine() async throws {
        for end in ["\r\n", "\r"] {
            let folder = try ServerFolder()
            let tokens = folder.url.appendingPathComponent("tokens")
            try ("# account token" + end + "alice \(Setup.aliceLaptop)" + end + end + "bob \(Setup.bob)" + end)
                .write(to: tokens, atomically: true, encoding: .utf8)
            let server = try await ServerProcess(["--store", folder.store, "--sync-tokens", tokens.path])
            let transport = try HTTPSyncTransport(server: server.base, token: Setup.bob, requestTimeout: 60)
            #expect(try await transport.signedInAccount().account == "bob", "\(end.debugDescription)")
        }
    }

    /// Issue 33's twenty-fifth pass: "café" typed composed on one line and as "e" and an accent on
    /// another signed two devices in as one account to the eye and two to the server, whose logs
    /// are found by the account's bytes: the second device was "up to date" without the first's cards.
    @Test func anAccountWrittenWithItsLettersEncodedTwoWaysIsRefusedNamingBothLines() async throws {
        let folder = try ServerFolder()
        let tokens = folder.url.appendingPathComponent("tokens")
        try "caf\u{E9} \(Setup.aliceLaptop)\ncafe\u{301} \(Setup.alicePhone)\n".write(to: tokens, atomically: true, encoding: .utf8)
        do {
            let server = try await ServerProcess(["--store", folder.store, "--sync-tokens", tokens.path])
            Issue.record("the server started, on \(server.base)")
        } catch let failure as ServerProcess.Failure {
            #expect(failure.description.contains("Line 2 of the token file")
                    && failure.description.contains("as line 1 does, but with its letters encoded otherwise"), "\(failure)")
        }
    }

    /// Issue 33's twenty-fourth pass: the token file was read at start only, so a device whose
    /// token the owner took out (a lost phone) went on syncing until the server was restarted,
    /// where the Sync article says taking it out signs the device out.
    @Test func aTokenTakenOutOfTheTokenFileSignsItsDeviceOutWithoutARestart() async throws {
        let setup = try await Setup()
        #expect(try await setup.transport(Setup.bob).signedInAccount().account == "bob")
        try "alice \(Setup.aliceLaptop)\nalice \(Setup.alicePhone)\n"
            .write(to: setup.folder.url.appendingPathComponent("tokens"), atomically: true, encoding: .utf8)
        let refused = await #expect(throws: SyncError.self) { try await setup.transport(Setup.bob).signedInAccount() }
        #expect(refused.map { if case .tokenRefused = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(try await setup.transport(Setup.aliceLaptop).signedInAccount().account == "alice")
    }

    /// Issue 33's twenty-fourth pass: a token file made unusable while the server runs (a line
    /// that is not an account and a token) signs every device out, naming the line, where
    /// the tokens of the file as it was at start went on signing in.
    @Test func aTokenFileMadeUnusableWhileTheServerRunsSignsEveryDeviceOutNamingTheLine() async throws {
        let setup = try await Setup()
        let tokens = setup.folder.url.appendingPathComponent("tokens")
        try "alice \(Setup.aliceLaptop)\nbob\n".write(to: tokens, atomically: true, encoding: .utf8)
        let reply = try await setup.server.send("GET", "/sync/v1/account", token: Setup.aliceLaptop)
        #expect(reply.status == 503, "\(reply.text)")
        #expect(reply.error?.contains("token file cannot be used") == true && reply.error?.contains("Line 2 of the token file") == true,
                "\(reply.text)")
        try "alice \(Setup.aliceLaptop)\n".write(to: tokens, atomically: true, encoding: .utf8)
        #expect(try await setup.transport(Setup.aliceLaptop).signedInAccount().account == "alice")
    }

    @Test func oneTokenGivenToTwoAccountsStopsTheServerNamingTheLine() throws {
        let folder = try ServerFolder()
        let tokens = folder.url.appendingPathComponent("tokens")
        try "alice \(Setup.aliceLaptop)\nbob \(Setup.aliceLaptop)\n".write(to: tokens, atomically: true, encoding: .utf8)
        let output = try ToolProcess("cardshow-server").run(["--store", folder.store, "--sync-tokens", tokens.path, "--port", "0"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Line 2 of the token file") && output.stderr.contains("repeats a token"), "\(output.stderr)")
        #expect(!output.stderr.contains(Setup.aliceLaptop), "\(output.stderr)")
    }

    @Test func aRequestWithTwoAuthorizationHeadersIsRefusedWith401() async throws {
        let setup = try await Setup()
        let connection = try setup.server.connect()
        try connection.send("GET /sync/v1/account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(Setup.bob)\r\n"
                            + "Authorization: Bearer \(Setup.aliceLaptop)\r\nConnection: close\r\n\r\n")
        let answer = connection.readToEnd().text
        #expect(answer.hasPrefix("HTTP/1.1 401"), "\(answer)")
        #expect(answer.contains("2 Authorization headers"), "\(answer)")
        #expect(!answer.contains("\"account\""), "\(answer)")
    }

    @Test(arguments: [
        ("marketValue", #"{"t":"abc"}"#, "the text \"abc\""),
        ("name", #"{"i":5}"#, "the whole number 5"),
        ("name", "{}", "no value"),
        ("condition", #"{"t":"Mintish"}"#, "the text \"Mintish\""),
        ("isGraded", #"{"b":"AAE="}"#, "2 bytes"),
    ])
    func aValueAFieldCannotHoldIsRefusedWith400NamingTheFieldAndNothingIsRecorded(field: String, value: String, words: String) async throws {
        let setup = try await Setup()
        let device = UUID().uuidString
        let values = Setup.card(named: "Pikachu").filter { $0.key != field }
        let given = String(decoding: try JSONEncoder().encode(values), as: UTF8.self).dropLast() + ",\"\(field)\":\(value)}"
        let body = #"{"id":"\#(UUID())","account":"alice","device":"\#(device)","schemaVersion":"\#(Setup.schemaVersion)","changes":[{"entity":"InventoryCard","id":"\#(UUID())","kind":"insert","at":"1700000000000-0-\#(device)","values":\#(given)}]}"#
        let reply = try await setup.server.send("POST", "/sync/v1/batches", token: Setup.aliceLaptop, body: Data(body.utf8))
        #expect(reply.status == 400, "\(reply.text)")
        let error = try #require(reply.error)
        #expect(error.contains("gives InventoryCard.\(field) \(words), which is not a value InventoryCard.\(field) can hold"), "\(error)")
        #expect(error.contains("Nothing was changed"), "\(error)")
        for typeName in ["Double", "String", "CardCondition", "Bool", "Sync", "Swift", "SQL"] {
            #expect(!error.contains(typeName), "\(error)")
        }
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test func anInsertWithoutAFieldEveryCardHasIsRefusedWith400NamingTheField() async throws {
        let setup = try await Setup()
        var batch = Setup.batch(cards: ["Pikachu"])
        batch.changes[0].values["setName"] = nil
        let refused = await #expect(throws: SyncError.self) { try await setup.transport(Setup.aliceLaptop).upload(batch) }
        #expect(refused.map { if case .rejected(400, _) = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("without its setName, which every InventoryCard has") == true, "\(String(describing: refused))")
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test(arguments: ["9223372036854775807-4294967295-", "-5-0-", "253402300800000-0-"])
    func aMomentNoClockMakesIsRefusedWith400AndNothingIsRecorded(moment: String) async throws {
        let setup = try await Setup()
        let device = UUID().uuidString
        let values = String(decoding: try JSONEncoder().encode(Setup.card(named: "Pikachu")), as: UTF8.self)
        let body = #"{"id":"\#(UUID())","account":"alice","device":"\#(device)","schemaVersion":"\#(Setup.schemaVersion)","changes":[{"entity":"InventoryCard","id":"\#(UUID())","kind":"insert","at":"\#(moment)\#(device)","values":\#(values)}]}"#
        let reply = try await setup.server.send("POST", "/sync/v1/batches", token: Setup.aliceLaptop, body: Data(body.utf8))
        #expect(reply.status == 400, "\(reply.text)")
        #expect(reply.error?.contains("changes[0].at is not a moment: a moment is the milliseconds since 1970") == true, "\(reply.text)")
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test func aChangeMadeAtTheLastMomentOfTheYear9999IsRefusedWith422SayingHowFarAheadAndNothingIsRecorded() async throws {
        let setup = try await Setup()
        let device = UUID().uuidString
        let values = String(decoding: try JSONEncoder().encode(Setup.card(named: "Pikachu")), as: UTF8.self)
        let body = #"{"id":"\#(UUID())","account":"alice","device":"\#(device)","schemaVersion":"\#(Setup.schemaVersion)","changes":[{"entity":"InventoryCard","id":"\#(UUID())","kind":"insert","at":"253402300799999-4294967295-\#(device)","values":\#(values)}]}"#
        let reply = try await setup.server.send("POST", "/sync/v1/batches", token: Setup.aliceLaptop, body: Data(body.utf8))
        #expect(reply.status == 422, "\(reply.text)")
        #expect(reply.error?.hasPrefix("The sync server refused the upload: it holds changes made ") == true, "\(reply.text)")
        #expect(reply.error?.contains(" years ahead of the server's clock, which takes changes made at most 1 hour ahead of it. Nothing was changed.") == true,
                "\(reply.text)")
        #expect(try await setup.log(Setup.aliceLaptop).isEmpty)
    }

    @Test func aDeviceRefusedAsAheadOfTheServersClockIsToldToSetItsDateAndTime() async throws {
        let setup = try await Setup()
        var batch = Setup.batch(cards: ["Pikachu"])
        let ahead = HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000) + 3 * 86_400_000 + 3_600_000, counter: 0, node: batch.device)
        batch.changes[0].values = batch.changes[0].values.mapValues { SyncStampedValue($0.value, at: ahead) }
        let refused = await #expect(throws: SyncError.self) { try await setup.transport(Setup.aliceLaptop).upload(batch) }
        #expect(refused.map { if case .clockAhead = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("holds changes made 3 days ahead of the server's clock") == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("Set this device's date and time right, then sync again") == true, "\(String(describing: refused))")
    }

    @Test func aServerGivenALongerClockLeadTakesAChangeMadeWithinIt() async throws {
        let setup = try await Setup(["--sync-clock-lead", "4320"])
        var batch = Setup.batch(cards: ["Pikachu"])
        let ahead = HLCTimestamp(milliseconds: Int64(Date().timeIntervalSince1970 * 1_000) + 2 * 86_400_000, counter: 0, node: batch.device)
        batch.changes[0].values = batch.changes[0].values.mapValues { SyncStampedValue($0.value, at: ahead) }
        let receipt = try await setup.transport(Setup.aliceLaptop).upload(batch)
        #expect(receipt.recordedChanges == 1)
    }

    @Test(arguments: ["0", "527041"])
    func aClockLeadOutsideAMinuteToAYearIsRefusedAtStart(minutes: String) async throws {
        let folder = try ServerFolder()
        do {
            _ = try await ServerProcess(["--store", folder.store, "--sync-clock-lead", minutes])
            Issue.record("the server started with --sync-clock-lead \(minutes)")
        } catch let failure as ServerProcess.Failure {
            #expect(failure.description.contains("The sync clock lead must be from 1 to 527040 minutes (a year), not \(minutes)."), "\(failure)")
        }
    }

    @Test func aChangeNamingTheSyncIDOfAModelOfAnotherKindIsRefusedWith400AndNothingIsRecorded() async throws {
        let setup = try await Setup()
        let transport = try setup.transport(Setup.aliceLaptop)
        let batch = Setup.batch(cards: ["Pikachu"])
        _ = try await transport.upload(batch)
        let clock = HLCTimestamp(milliseconds: 1_700_000_000_001, counter: 0, node: batch.device)
        let contact = SyncChange(entityName: "Contact", syncID: batch.changes[0].syncID, kind: .update,
                                 values: ["notes": SyncStampedValue(.text("a card's ID"), at: clock)])
        let refused = await #expect(throws: SyncError.self) {
            try await transport.upload(SyncUploadBatch(account: "alice", device: batch.device, schemaVersion: Setup.schemaVersion, changes: [contact]))
        }
        #expect(refused.map { if case .rejected(400, _) = $0 { true } else { false } } == true, "\(String(describing: refused))")
        #expect(refused?.description.contains("names the sync ID of a model of InventoryCard") == true, "\(String(describing: refused))")
        #expect(try await setup.log(Setup.alicePhone).count == 1)
    }
}
