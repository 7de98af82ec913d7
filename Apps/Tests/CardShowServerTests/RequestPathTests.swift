import CommandLineTestSupport
import Foundation
import Testing

/// `HEAD` is answered as `GET` without its body, and a path's percent escapes are the
/// characters they stand for.
@Suite struct RequestPathTests {
    /// The head of a raw answer (its status line and headers) and what follows it.
    private static func split(_ answer: String) -> (head: String, body: String) {
        guard let end = answer.range(of: "\r\n\r\n") else { return (answer, "") }
        return (String(answer[..<end.lowerBound]), String(answer[end.upperBound...]))
    }

    private static func contentLength(_ head: String) -> Int? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }

    @Test func headIsAnsweredAsGetWithTheSameStatusAndLengthAndNoBody() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        _ = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu)
        for path in ["/stats", "/cards", "/cards?limit=1"] {
            let get = Self.split(try server.exchange(Data("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)))
            let head = Self.split(try server.exchange(Data("HEAD \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)))
            #expect(head.head.hasPrefix("HTTP/1.1 200"), "\(path): \(head.head)")
            #expect(head.body.isEmpty, "\(path): \(head.body)")
            #expect(Self.contentLength(head.head) == get.body.utf8.count, "\(path): \(head.head)")
            #expect(Self.contentLength(head.head) != nil && Self.contentLength(head.head) != 0, "\(path): \(head.head)")
        }
    }

    @Test func headOfACardThatIsNotThereIsA404WithoutABody() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let answer = Self.split(try server.exchange(Data("HEAD /cards/ABCDEF12 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)))
        #expect(answer.head.hasPrefix("HTTP/1.1 404"), "\(answer.head)")
        #expect(answer.body.isEmpty, "\(answer.body)")
    }

    @Test func theLogNamesAHeadRequestAsHeadNotTheGetItIsAnsweredAs() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store], environment: ["LOG_LEVEL": "info"])
        _ = try server.exchange(Data("HEAD /stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        let log = server.stopAndReadErrors()
        #expect(log.contains("hb.request.method=HEAD"), "\(log)")
        #expect(!log.contains("hb.request.method=GET"), "\(log)")
    }

    @Test func aPercentEncodedCardIDFindsTheCard() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let posted = try await server.send("POST", "/cards", body: InventoryAPITests.pikachu)
        let id = try #require(posted.object["id"] as? String)
        let encoded = id.prefix(8).utf8.map { String(format: "%%%02X", $0) }.joined()
        let reply = try await server.send("GET", "/cards/\(encoded)")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.object["id"] as? String == id)
        #expect(try await server.send("GET", "/%63ards").status == 200)
    }

    @Test func aMalformedPercentEscapeInThePathIsAJSONBadRequest() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        // Sent as bytes: URL(string:) refuses such an address before any request is made.
        for path in ["/cards/%G1", "/cards/%", "/cards/A%4"] {
            let answer = Self.split(try server.exchange(Data("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)))
            #expect(answer.head.hasPrefix("HTTP/1.1 400"), "\(path): \(answer.head)")
            let error = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String])?["error"]
            #expect(error?.contains("malformed escape") == true, "\(path): \(answer.body)")
            #expect(error?.contains("two hexadecimal digits") == true, "\(path): \(answer.body)")
        }
    }

    @Test func aMalformedPercentEscapeInTheQueryIsAJSONBadRequestNotSearchedForAsWritten() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        for query in ["search=%G1", "search=%", "search=%FF", "lim%7=1"] {
            let answer = Self.split(try server.exchange(Data("GET /cards?\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)))
            #expect(answer.head.hasPrefix("HTTP/1.1 400"), "\(query): \(answer.head)")
            let error = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String])?["error"]
            #expect(error?.contains("/cards?\(query)") == true, "\(query): \(answer.body)")
        }
    }

    @Test func anEscapedSlashInASegmentIsAnAddressTheAPIDoesNotHave() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("GET", "/cards%2Fx")
        #expect(reply.status == 404, "\(reply.text)")
        #expect(reply.error?.contains("in this API") == true, "\(reply.text)")
    }

    /// Issue 33's twentieth pass: a segment escaping a space or a control character ended the
    /// router's path there: `GET /cards/%20` (`%00`, `%0A`) listed every card, `POST /cards/%20`
    /// imported as `POST /cards`, and `DELETE /cards/%09` was "not allowed on /cards/".
    @Test func anEscapedSpaceOrControlCharacterInASegmentIsAnAddressTheAPIDoesNotHave() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        for (method, path) in [("GET", "/cards/%20"), ("GET", "/cards/%00"), ("GET", "/cards/%0A"), ("DELETE", "/cards/%09"),
                               ("POST", "/cards/%20"), ("GET", "/stats/%00"), ("GET", "/cards/%00abcdefgh")] {
            let reply = try await server.send(method, path, body: method == "POST" ? InventoryAPITests.pikachu : nil)
            #expect(reply.status == 404, "\(method) \(path): \(reply.text)")
            #expect(reply.error?.contains("in this API") == true, "\(method) \(path): \(reply.text)")
        }
        #expect(try await server.send("GET", "/cards").text.contains("\"total\":0"))
    }

    @Test func dotSegmentsInThePathAreRemovedAsRFC3986RemovesThem() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        // Sent as bytes: URLSession and curl remove dot segments before they send.
        for path in ["/./stats", "/cards/../stats", "/../stats", "/%2e/stats", "/cards/%2E%2E/stats", "/x/y/../../stats"] {
            let answer = Self.split(try server.exchange(Data("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)))
            #expect(answer.head.hasPrefix("HTTP/1.1 200"), "\(path): \(answer.head)")
            let stats = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            #expect(stats?["cardsInStock"] != nil, "\(path): \(answer.body)")
        }
    }
}
