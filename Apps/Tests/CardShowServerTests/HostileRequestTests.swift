import CommandLineTestSupport
import Foundation
import Testing

/// What a hostile pass over the server found: every refusal is `{"error": ...}` in the
/// client's words, whatever refused it, and nothing stored is lost.
@Suite struct HostileRequestTests {
    static let pikachu = InventoryAPITests.pikachu

    @Test func anAddressTheAPIDoesNotHaveIsAJSONNotFound() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/frobnicate")
        #expect(reply.status == 404)
        #expect(reply.error?.contains("GET /cards") == true, "\(reply.text)")
    }

    @Test func aMethodARouteDoesNotTakeIsAJSONMethodNotAllowed() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("PUT", "/cards")
        #expect(reply.status == 405)
        #expect(reply.error?.contains("PUT is not allowed on /cards: use GET, HEAD or POST") == true, "\(reply.text)")
        let stats = try await server.send("DELETE", "/stats")
        #expect(stats.status == 405)
        #expect(stats.error != nil, "\(stats.text)")
    }

    @Test func aVeryLongAddressIsRefusedInJSONWithoutEchoingIt() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/cards/" + String(repeating: "A", count: 6_000))
        #expect(reply.status == 414)
        #expect(reply.error?.contains("characters long") == true, "\(reply.text.prefix(300))")
        #expect(reply.text.count < 1_000)
    }

    @Test func anAddressOverTheParsersLimitIsRefusedInJSON() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/cards?search=" + String(repeating: "A", count: 100_000))
        #expect(reply.status == 431)
        #expect(reply.error?.contains("an address of at most 2048 characters") == true, "\(reply.text.prefix(300))")
        #expect(try await server.send("GET", "/stats").status == 200)
    }

    @Test func bytesThatAreNotHTTPAreAnsweredInJSON() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let answer = try server.exchange(Data("HELLO THERE\r\n\r\n".utf8))
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.contains(#"{"error":"The request could not be read as HTTP/1.1"#), "\(answer)")
    }

    @Test func aBodyWithMalformedChunksIsRefusedInJSONAndNothingIsStored() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let request = "POST /cards HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"car\r\nZZZ\r\n"
        let answer = try server.exchange(Data(request.utf8))
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.contains("its length or chunks are malformed"), "\(answer)")
        #expect(answer.components(separatedBy: "HTTP/1.1 400").count == 2, "one answer: \(answer)")
        let cards = try await server.send("GET", "/cards")
        #expect((cards.object["cards"] as? [Any])?.isEmpty == true)
    }

    @Test func aClientThatStopsSendingWithinARequestIsDisconnectedAfterTheIdleTimeout() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store, "--idle-timeout", "1"])
        let started = Date()
        let answer = try server.exchange(Data("GET /cards HTTP/1.1\r\nHost: x\r\n".utf8))
        #expect(answer.isEmpty, "\(answer)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func anIdleTimeoutOfZeroIsRefusedAtStart() async throws {
        let folder = try ServerFolder()
        let error = await #expect(throws: ServerProcess.Failure.self) { _ = try await ServerProcess(["--store", folder.store, "--idle-timeout", "0"]) }
        #expect(error?.description.contains("The idle timeout must be from 1 to 86400 seconds, not 0.") == true, "\(String(describing: error))")
    }

    @Test func aBodyLargerThanTheAPIReadsIsRefusedInJSONAndNothingIsStored() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let padding = String(repeating: " ", count: 65 << 20)
        let reply = try await server.send("POST", "/cards", body: Self.pikachu + padding)
        #expect(reply.status == 413)
        #expect(reply.error?.contains("larger than 64 MB") == true, "\(reply.text.prefix(300))")
        let cards = try await server.send("GET", "/cards")
        #expect((cards.object["cards"] as? [Any])?.isEmpty == true)
    }

    @Test func anIDThatIsNotOneIsRefusedInADealersWords() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let body = Self.pikachu.replacingOccurrences(of: "{", with: #"{"id": "not-an-id", "#)
        let reply = try await server.send("POST", "/cards", body: body)
        #expect(reply.status == 400)
        #expect(reply.error?.contains("is not a card ID") == true, "\(reply.text)")
        #expect(reply.error.map(InternalWords.found(in:)) == [], "\(reply.text)")
        #expect(reply.error?.contains("UUID") == false, "\(reply.text)")
    }

    @Test func aNoteLongerThanAFieldHoldsIsRefusedAndNothingIsStored() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let body = Self.pikachu.replacingOccurrences(of: "{", with: "{\"notes\": \"\(String(repeating: "n", count: 5_000))\", ")
        let reply = try await server.send("POST", "/cards", body: body)
        #expect(reply.status == 400)
        #expect(reply.error?.contains("at most 4096 characters") == true, "\(reply.text.prefix(400))")
        #expect(reply.text.count < 1_000)
        let cards = try await server.send("GET", "/cards")
        #expect((cards.object["cards"] as? [Any])?.isEmpty == true)
    }

    @Test func deletingByAShortStartOfAnIDIsRefusedAndTheCardStays() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let id = try #require(try await server.send("POST", "/cards", body: Self.pikachu).object["id"] as? String)
        let refused = try await server.send("DELETE", "/cards/\(id.prefix(3))")
        #expect(refused.status == 400)
        #expect(refused.error?.contains("at least its first 8 characters") == true, "\(refused.text)")
        #expect(try await server.send("GET", "/cards/\(id)").status == 200)
        #expect(try await server.send("DELETE", "/cards/\(id.prefix(8))").status == 204)
    }

    @Test func anEmptyFileAtTheStorePathStopsTheServerWithWordsAndStaysEmpty() async throws {
        let folder = try ServerFolder()
        #expect(FileManager.default.createFile(atPath: folder.store, contents: Data()))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: folder.store)
        let error = await #expect(throws: ServerProcess.Failure.self) { _ = try await ServerProcess(["--store", folder.store]) }
        #expect(error?.description.contains("is an empty file, not a CardShow Pro store") == true, "\(String(describing: error))")
        #expect(try FileManager.default.attributesOfItem(atPath: folder.store)[.size] as? Int == 0)
    }

    @Test func oneCardWithAByteOrderMarkIsTakenAsAnExportIs() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("POST", "/cards", body: "\u{FEFF}" + Self.pikachu)
        #expect(reply.status == 201, "\(reply.text)")
        #expect(reply.object["name"] as? String == "Pikachu")
    }

    @Test func aNumberBeyondADoubleIsOutOfRangeNotInvalidJSON() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("POST", "/cards", body: Self.pikachu.replacingOccurrences(of: "12.5", with: "1e400"))
        #expect(reply.status == 400)
        #expect(reply.error?.contains("marketValue") == true, "\(reply.text)")
        #expect(reply.error?.contains("1e400 is out of range: numbers are read from -1.8e308 to 1.8e308") == true, "\(reply.text)")
        #expect(reply.error?.contains("not valid JSON") == false, "\(reply.text)")
    }

    @Test func aKeyGivenTwiceIsRefusedNamingIt() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("POST", "/cards", body: Self.pikachu.replacingOccurrences(of: "{", with: #"{"name": "Raichu", "#))
        #expect(reply.status == 400)
        #expect(reply.error?.contains(#"the key "name" is given twice"#) == true, "\(reply.text)")
        let cards = try await server.send("GET", "/cards")
        #expect((cards.object["cards"] as? [Any])?.isEmpty == true)
    }

    @Test func aBodySentAByteNowAndThenIsRefusedWith408InsteadOfHoldingTheConnection() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store, "--idle-timeout", "3"])
        let connection = try server.connect(timeout: 30)
        try connection.send("POST /cards HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        // A byte a second, each within the idle timeout: before, the connection stayed open for as long as this went on.
        let trickle = Thread {
            for _ in 0..<25 {
                guard (try? connection.send("x")) != nil else { return }
                Thread.sleep(forTimeInterval: 1)
            }
        }
        trickle.start()
        let started = Date()
        let answer = connection.read(until: "imported.\"}")
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(answer.contains("The body came too slowly"), "\(answer)")
        #expect(Date().timeIntervalSince(started) < 20, "\(answer)")
    }
}

/// A single card's body is placed in an export document for the importer; its refusals name
/// the card's own keys, not the document's `cards[0]`, which the client never sent.
@Suite struct SingleCardKeyPathTests {
    @Test(arguments: [#"{"name": "Raichu", "#, #"{"grade": 1e-400, "#])
    func aSingleCardsRefusalNamesItsOwnKeyNotTheDocumentItWasPlacedIn(_ prefix: String) async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let body = InventoryAPITests.pikachu.replacingOccurrences(of: "{", with: prefix)
        let reply = try await server.send("POST", "/cards", body: body)
        #expect(reply.status == 400)
        #expect(reply.error?.contains("cards[0]") == false, "\(reply.text)")
        let key = prefix.contains("name") ? "name" : "grade"
        #expect(reply.error?.contains("line 1: \(key): ") == true, "\(reply.text)")
    }
}
