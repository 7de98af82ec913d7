import Foundation
import Testing

/// What HTTP/1 says about a connection and the form of an answer, which a client that is
/// not a browser (an old script, `curl -0`, a proxy) relies on.
@Suite struct HTTPConnectionTests {
    static let pikachu = InventoryAPITests.pikachu

    @Test func anHTTP10RequestIsAnsweredInHTTP10AndTheConnectionCloses() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect(timeout: 20)
        try connection.send("GET /stats HTTP/1.0\r\n\r\n")
        let (answer, closed) = connection.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.0 200"), "\(answer)")
        #expect(answer.lowercased().contains("connection: close"), "\(answer)")
        #expect(closed, "the server kept the connection: \(answer)")
    }

    @Test func aRequestLineOfAnotherHTTPVersionIsAnswered505InJSONNot400() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        for version in ["HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/3.0"] {
            let connection = try server.connect(timeout: 20)
            try connection.send("GET /stats \(version)\r\nHost: x\r\n\r\n")
            let (answer, closed) = connection.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 505"), "\(version): \(answer)")
            #expect(answer.contains(#"{"error":"The request's HTTP version (\#(version)) is not one this API speaks: send it as HTTP/1.1 (or HTTP/1.0)."}"#),
                    "\(version): \(answer)")
            #expect(closed, "\(version): the server kept the connection: \(answer)")
        }
    }

    @Test func http2sConnectionPrefaceIsAnswered505InJSONAsAnotherVersionNot400() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect(timeout: 20)
        // What a client with prior knowledge of HTTP/2 (`curl --http2-prior-knowledge`) sends first.
        try connection.send("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        let (answer, closed) = connection.readToEnd()
        // Before: a 400, "The request could not be read as HTTP/1.1: …", where `GET / HTTP/2.0` is a 505.
        #expect(answer.hasPrefix("HTTP/1.1 505"), "\(answer)")
        #expect(answer.contains(#"{"error":"The request's HTTP version (HTTP/2.0) is not one this API speaks: send it as HTTP/1.1 (or HTTP/1.0)."}"#),
                "\(answer)")
        #expect(closed, "the server kept the connection: \(answer)")
    }

    @Test func aRequestLineEndingInABareLineFeedIsA400SayingSoNotAnUnsupportedVersion() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect(timeout: 20)
        try connection.send("GET /stats HTTP/1.1\nHost: x\n\n")
        let answer = connection.readToEnd().text
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.contains("The request line ends with a line feed alone"), "\(answer)")
    }

    /// Issue 33's twenty-second pass: lines ended by a carriage return alone (the old Mac's
    /// line ends) were "The request could not be read as HTTP/1.1", where a line feed alone is named.
    @Test func aRequestLineEndingInABareCarriageReturnIsA400SayingSo() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect(timeout: 20)
        try connection.send("GET /stats HTTP/1.1\rHost: x\rConnection: close\r\r")
        let answer = connection.readToEnd().text
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.contains(#"The request line ends with a carriage return alone: each line of an HTTP/1.1 request ends with "#
                                + #"a carriage return and a line feed (\\r\\n)"#), "\(answer)")
    }

    /// Issue 33's twenty-third pass: a header line ended by a carriage return or a line feed
    /// alone, folded, without a colon, with a space before its colon or in its name was "The
    /// request could not be read as HTTP/1.1", where the request line's own line ends are named.
    @Test func aHeaderLineTheParserRefusesIsA400NamingTheLineAndItsFault() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let refused = [
            "GET /stats HTTP/1.1\r\nHost: x\r\r\n\r\n": #"Line 2 of the request (a header) ends with a carriage return alone"#,
            "GET /stats HTTP/1.1\r\nHost: x\rAccept: */*\r\n\r\n": #"Line 2 of the request (a header) ends with a carriage return alone"#,
            "GET /stats HTTP/1.1\r\nHost: x\nAccept: */*\r\n\r\n": #"Line 2 of the request (a header) ends with a line feed alone"#,
            "GET /stats HTTP/1.1\r\nHost: x\r\n Folded: y\r\n\r\n": #"Line 3 of the request, \" Folded: y\", begins with a space"#,
            "GET /stats HTTP/1.1\r\nHostx\r\n\r\n": #"Line 2 of the request, \"Hostx\", is not a header"#,
            "GET /stats HTTP/1.1\r\nHost : x\r\n\r\n": #"The header \"Host \" (line 2 of the request) has a space before its colon"#,
            "GET /stats HTTP/1.1\r\nHost: x\r\nX A: 1\r\n\r\n": #"The header name \"X A\" (line 3 of the request) holds a space"#,
            "GET /stats HTTP/1.1\r\nHost: x\r\n: y\r\n\r\n": #"Line 3 of the request, \": y\", is a header without a name"#,
            "GET /stats HTTP/1.1\r\nHost: x\r\n\n": #"Line 3 of the request, the empty line that ends its headers, ends with a line feed alone"#,
            "GET /stats HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}b\r\n\r\n": #"The header \"X-A\" (line 3 of the request) holds a control character (\\x01)"#,
        ]
        for (request, words) in refused.merging(Self.bodyLengthsRefused, uniquingKeysWith: { first, _ in first }) {
            let connection = try server.connect(timeout: 20)
            try connection.send(request)
            let answer = connection.readToEnd().text
            #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains(words), "\(request.debugDescription): \(answer)")
        }
    }

    /// Issue 33's twenty-third pass: a body's length given two ways, twice, or not as a
    /// number, and `chunked` not last or twice, were "could not be read as HTTP/1.1" too.
    static let bodyLengthsRefused = [
        "POST /cards HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n":
            "The request gives its body's length twice, with Content-Length and with Transfer-Encoding",
        "POST /cards HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}": "The request has 2 Content-Length headers",
        "POST /cards HTTP/1.1\r\nHost: x\r\nContent-Length: 0x2\r\n\r\n{}": #"The Content-Length \"0x2\" is not a number of bytes"#,
        "POST /cards HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n{}":
            "The Content-Length 99999999999999999999999 is larger than any body can be",
        "POST /cards HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n":
            #"The Transfer-Encoding \"chunked, identity\" does not end with chunked once"#,
    ]

    /// Issue 33's twenty-first pass: an address with a letter beyond ASCII as it is (what
    /// `curl 'http://…/cards?search=Pokémon'` sends) was "The request could not be read as
    /// HTTP/1.1: send a request line, headers and a body as an HTTP client does".
    @Test func anAddressWithALetterBeyondASCIIUnescapedIsA400NamingItAndItsEscape() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let answer = try server.exchange(Data("GET /cards?search=Pokémon HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.contains(#"The address holds \"é\" as it is: an address carries such a character escaped, as its UTF-8 bytes (%C3%A9)"#),
                "\(answer)")
    }

    @Test func aRequestWithTwoHostHeadersIsA400NamingBoth() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let answer = try server.exchange(Data("GET /stats HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n".utf8))
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.contains(#"The request has 2 Host headers (\"a.example\" and \"b.example\"): send one"#), "\(answer)")
    }

    @Test func anHTTP11RequestWithoutAHostHeaderIsA400AndAnHTTP10OneIsAnswered() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let without = try server.exchange(Data("GET /stats HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(without.hasPrefix("HTTP/1.1 400"), "\(without)")
        #expect(without.contains("The request has no Host header, which every HTTP/1.1 request has"), "\(without)")
        let old = try server.exchange(Data("GET /stats HTTP/1.0\r\n\r\n".utf8))
        #expect(old.hasPrefix("HTTP/1.0 200"), "\(old)")
    }

    @Test func aBodyInATransferCodingOtherThanChunkedIsA501NotReadAsPlain() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let body = Self.pikachu
        let chunked = String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"
        let answer = try server.exchange(Data(("POST /cards HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n"
                                                + "Connection: close\r\n\r\n" + chunked).utf8))
        // Before, the body was read as chunked, the gzip dropped, and the card imported.
        #expect(answer.hasPrefix("HTTP/1.1 501"), "\(answer)")
        #expect(answer.contains(#"the transfer coding \"gzip\", which the API does not read"#), "\(answer)")
        #expect(try server.exchange(Data("GET /stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
            .contains(#""cardsInStock":0"#))
    }

    @Test func aBodyInAContentCodingOtherThanIdentityIsA415NotReadAsPlainJSON() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let body = Self.pikachu
        for coding in ["gzip", "br", "identity, gzip"] {
            let answer = try server.exchange(Data(("POST /cards HTTP/1.1\r\nHost: x\r\nContent-Encoding: \(coding)\r\n"
                                                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8))
            // Before, the header was ignored: this plain body was imported (201), and a gzipped one was
            // "not valid JSON: the byte 0x1F where a value should be".
            #expect(answer.hasPrefix("HTTP/1.1 415"), "\(coding): \(answer)")
            #expect(answer.lowercased().contains("accept-encoding: identity"), "\(coding): \(answer)")
            #expect(answer.contains(#"(its Content-Encoding header), which the API does not read: send the JSON as it is"#),
                    "\(coding): \(answer)")
        }
        #expect(try server.exchange(Data("GET /stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
            .contains(#""cardsInStock":0"#))
        let identity = try server.exchange(Data(("POST /cards HTTP/1.1\r\nHost: x\r\nContent-Encoding: identity\r\n"
                                                  + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8))
        #expect(identity.hasPrefix("HTTP/1.1 201"), "\(identity)")
    }

    @Test func aRequestPipelinedBeforeOneRefusedHereIsAnsweredBeforeTheRefusal() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let refusals = ["POST /cards HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}",
                        "GET /stats HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
                        "POST /cards HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"]
        for refused in refusals {
            let connection = try server.connect(timeout: 20)
            try connection.send("GET /stats HTTP/1.1\r\nHost: x\r\n\r\n" + refused)
            // Before: the connection closed at once, and the GET before the refused request had no answer.
            let (answer, closed) = connection.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(refused): \(answer)")
            #expect(answer.contains(#""cardsInStock":0"#), "\(refused): \(answer)")
            #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 3, "\(refused): \(answer)")
            #expect(answer.contains(#"{"error":"#), "\(refused): \(answer)")
            #expect(closed, "\(refused): the server kept the connection: \(answer)")
        }
    }

    @Test func aConnectRequestIsRefusedInJSONAndTheConnectionClosesInsteadOfHanging() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        for target in ["127.0.0.1:22", "/cards"] {
            let connection = try server.connect(timeout: 20)
            try connection.send("CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n\r\n")
            // Before, an empty 404 (405 for /cards) with no length, and the connection held until the idle timeout.
            let (answer, closed) = connection.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 501"), "\(target): \(answer)")
            #expect(answer.contains(#"{"error":"CONNECT asks a proxy for a tunnel to \"\#(target)\", and this server is no proxy"#),
                    "\(target): \(answer)")
            #expect(closed, "\(target): the server kept the connection: \(answer)")
        }
    }

    @Test func anHTTP10RequestThatAsksToKeepTheConnectionKeepsIt() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store, "--idle-timeout", "2"])
        let connection = try server.connect()
        let request = "GET /stats HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
        try connection.send(request + request)
        let answer = connection.readToEnd().text
        #expect(answer.components(separatedBy: "HTTP/1.0 200").count == 3, "two answers: \(answer)")
        #expect(answer.lowercased().contains("connection: keep-alive"), "\(answer)")
    }

    @Test func expect100ContinueGetsContinueBeforeTheBodyIsSent() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect()
        let body = Data(Self.pikachu.utf8)
        try connection.send("POST /cards HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                            + "Content-Length: \(body.count)\r\nExpect: 100-continue\r\n\r\n")
        let interim = connection.read(until: "\r\n\r\n")
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue"), "\(interim)")
        try connection.send(body)
        let answer = connection.read(until: "Pikachu")
        #expect(answer.hasPrefix("HTTP/1.1 201"), "\(answer)")
    }

    @Test func anExpectationOtherThan100ContinueIsRefusedWith417() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect(timeout: 20)
        try connection.send("POST /cards HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: to-be-paid\r\n\r\n")
        let (answer, closed) = connection.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 417"), "\(answer)")
        #expect(answer.contains(#"{"error":"The API meets no expectation but 100-continue"#), "\(answer)")
        #expect(closed, "\(answer)")
    }

    @Test func aBodyRefusedByItsLengthGets413WithoutContinue() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect(timeout: 20)
        try connection.send("POST /cards HTTP/1.1\r\nHost: x\r\nContent-Length: \(70 << 20)\r\nExpect: 100-continue\r\n\r\n")
        let (answer, closed) = connection.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
        #expect(!answer.contains("100 Continue"), "\(answer)")
        #expect(answer.contains("larger than 64 MB"), "\(answer)")
        #expect(closed, "\(answer)")
    }

    @Test func aChunkedBodyLargerThanTheAPIReadsIsRefusedInJSONNotWithAnEmpty413() async throws {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let connection = try server.connect(timeout: 20)
        try connection.send("POST /cards HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Data("100000\r\n".utf8) + Data(repeating: UInt8(ascii: " "), count: 1 << 20) + Data("\r\n".utf8)
        for _ in 0..<65 { try connection.send(chunk) }
        try connection.send("0\r\n\r\n")
        let answer = connection.read(until: "}")
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
        #expect(answer.contains(#"{"error":"The body is larger than 64 MB"#), "\(answer)")
        let cards = try await server.send("GET", "/cards")
        #expect((cards.object["cards"] as? [Any])?.isEmpty == true)
    }

    @Test func concurrentDeletesOfOneCardBySeveralServersAnswer204OnceAnd404ToTheRest() async throws {
        let folder = try ServerFolder()
        var started: [ServerProcess] = []
        for _ in 0..<3 { started.append(try await ServerProcess(["--store", folder.store])) }
        let servers = started
        for _ in 0..<10 {
            let id = try #require(try await servers[0].send("POST", "/cards", body: Self.pikachu).object["id"] as? String)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<9 { group.addTask { try await servers[index % 3].send("DELETE", "/cards/\(id)").status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 204 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 404 }.count == 8, "\(statuses)")
        }
        let cards = try await servers[0].send("GET", "/cards")
        #expect((cards.object["cards"] as? [Any])?.isEmpty == true)
    }
}
