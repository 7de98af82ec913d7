@testable import CommandLineSupport
import Foundation
import OpenSwiftDataSync
import Testing

/// `cardshow sync --server` and `coupontracker sync --server`: an address is refused before
/// anything is sent when no server can be at it.
@Suite struct SyncServerAddressTests {
    /// Issue 33's twentieth pass: `--server http://127.0.0.1:99999` was taken, and the sync
    /// said "Offline: The sync server could not be reached (… failed (URL error -1000)).
    /// Local changes are kept …", a code, and as though a server were down.
    @Test(arguments: [("http://127.0.0.1:99999", 99999), ("http://127.0.0.1:0", 0), ("https://example.com:65536/", 65536)])
    func aPortNoServerListensOnIsRefusedNamingIt(_ server: String, _ port: Int) {
        do {
            _ = try SyncRound(server: server, token: String(repeating: "a", count: 32), tokenVariable: "UNUSED_TOKEN", timeout: 5)
            Issue.record("\(server) was taken")
        } catch {
            #expect("\(error)" == "Sync cannot start: the server address \"\(server)\" has the port \(port), "
                + "which no server can listen on; a port is a number from 1 to 65535, such as 8080.")
        }
        #expect(throws: Never.self) {
            _ = try SyncRound(server: "http://127.0.0.1:65535", token: String(repeating: "a", count: 32), tokenVariable: "UNUSED_TOKEN", timeout: 5)
        }
    }

    /// Issue 33's twenty-third pass: a token with a carriage return at its end (what
    /// `CARDSHOW_SYNC_TOKEN=$(cat token.txt)` leaves of a file with CRLF line ends), or a space
    /// around it, was refused as one that "holds spaces or characters other than printable
    /// ASCII", which the user cannot see in the token they were given.
    @Test(arguments: [("\r", "ends with a carriage return (\\r), as a token read from a file saved with CRLF line ends does"),
                      ("\n", "ends with a line feed (\\n)"), (" ", "ends with a space")])
    func aTokenWithWhiteSpaceAtItsEndIsRefusedNamingIt(_ end: String, _ words: String) {
        let token = String(repeating: "a", count: 40)
        // A variable of each case's own: the cases run at once.
        let name = "SYNC_TOKEN_ENDING_\(end.unicodeScalars.first?.value ?? 0)"
        for (given, variable, source) in [(token + end, "UNUSED_TOKEN", "--token"), (nil, name, name)] {
            setenv(name, token + end, 1)
            defer { unsetenv(name) }
            do {
                _ = try SyncRound(server: "http://127.0.0.1:8080", token: given, tokenVariable: variable, timeout: 5)
                Issue.record("\(end.debugDescription) was taken")
            } catch {
                #expect("\(error)".hasPrefix("The token in \(source) \(words)"), "\(error)")
            }
        }
    }

    /// Issue 33's twenty-first pass: an address the transport takes but cannot send to
    /// (`http://[fe80::1%25lo]:8080`) was shown as "Sync failed: Sync cannot start: …".
    @Test func aSetupTheTransportRefusesWhileSyncingIsShownOnceInItsWords() async {
        do {
            _ = try await SyncRound.inWords { () async throws -> Int in throw SyncError.unsupportedSetup("the address cannot be sent to.") }
            Issue.record("the refusal was not thrown")
        } catch {
            #expect("\(error)" == "Sync cannot start: the address cannot be sent to.")
        }
    }

    /// Issue 33's twenty-second pass: a server that redirected (`302`, `Location:` another host
    /// or port) was followed, and the device's token sent to wherever it pointed; a redirect to
    /// a port where nothing listened was "Offline: … nothing answers at" the server that had answered.
    @Test func aRedirectIsNotFollowedAndTheTokenIsNotSentWhereItPoints() async throws {
        let elsewhere = try AnsweringListener(answer: "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        let redirecting = try AnsweringListener(answer: "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:\(elsewhere.port)/sync/v1/account\r\n"
                                                + "Content-Length: 0\r\nConnection: close\r\n\r\n")
        let server = try #require(URL(string: "http://127.0.0.1:\(redirecting.port)"))
        let transport = try HTTPSyncTransport(server: server, token: String(repeating: "s", count: 40), requestTimeout: 10)
        do {
            _ = try await transport.signedInAccount()
            Issue.record("the redirect was taken as a sign-in")
        } catch {
            #expect("\(error)" == "Sync cannot start: 127.0.0.1:\(redirecting.port) answered with a redirect (HTTP 302) to "
                + "\"http://127.0.0.1:\(elsewhere.port)/sync/v1/account\", which a sync server never sends, so it was not followed "
                + "and the token was not sent there. Give the sync server's own address; if the redirect points to it, give that address.")
        }
        #expect(redirecting.requests.count == 1)
        #expect(elsewhere.requests.isEmpty, "\(elsewhere.requests)")
    }

    @Test func aReportShowsTheServerWithoutTheUserAndPasswordItsAddressHolds() throws {
        let server = try #require(URL(string: "http://alice:secret@127.0.0.1:8080/cards"))
        #expect(SyncRound.shown(server) == "http://127.0.0.1:8080/cards")
    }
}
