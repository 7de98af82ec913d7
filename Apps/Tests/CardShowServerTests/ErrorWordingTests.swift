import CommandLineTestSupport
import Foundation
import Testing

/// The API's refusals name the field that is wrong, say the range allowed, and speak of
/// the request: never of files or of the command line's options.
@Suite struct ErrorWordingTests {
    static func refusal(_ body: String) async throws -> String {
        let folder = try ServerFolder()
        let server = try await ServerProcess(["--store", folder.store])
        let reply = try await server.send("POST", "/cards", body: body)
        #expect(reply.status == 400, "\(reply.text)")
        return reply.error ?? reply.text
    }

    static func card(adding fields: String) -> String {
        InventoryAPITests.pikachu.replacingOccurrences(of: "{", with: "{\(fields), ")
    }

    @Test func anAcquiredDateInTheFutureNamesThatField() async throws {
        let error = try await Self.refusal(InventoryAPITests.pikachu.replacingOccurrences(of: "2026-03-01T00:00:00Z", with: "2199-03-01T00:00:00Z"))
        #expect(error.contains("field \"acquiredDate\""), "\(error)")
    }

    @Test func anUnknownGradingCompanyNamesThatField() async throws {
        let error = try await Self.refusal(Self.card(adding: #""gradingCompany": "XYZ""#))
        #expect(error.contains("field \"gradingCompany\""), "\(error)")
    }

    @Test func anEmptyTagNamesThatFieldAndNoOption() async throws {
        let error = try await Self.refusal(Self.card(adding: #""tags": [" "]"#))
        #expect(error.contains("field \"tags\""), "\(error)")
        #expect(!error.contains("--"), "\(error)")
    }

    @Test func aGradeOutsideOneToTenIsRefusedWithTheRange() async throws {
        let error = try await Self.refusal(Self.card(adding: #""grade": 11"#))
        #expect(error.contains("field \"grade\""), "\(error)")
        #expect(error.contains("from 1 to 10"), "\(error)")
    }

    @Test func anExportOfNoCardsIsRefusedSpeakingOfTheBodyNotAFile() async throws {
        let error = try await Self.refusal(#"{"exportDate": "2026-03-01T00:00:00Z", "version": "1.0", "cards": []}"#)
        #expect(error.contains("The body holds no cards"), "\(error)")
        #expect(!error.contains("file"), "\(error)")
    }

    @Test func anEmptyBodyIsRefusedSpeakingOfTheBodyNotAFile() async throws {
        for body in ["", "  \r\n", "\u{FEFF}"] {
            let error = try await Self.refusal(body)
            #expect(error.contains("The body is empty"), "\(error)")
            #expect(!error.contains("file"), "\(error)")
        }
    }

    @Test func anotherAppsExportIsRefusedNamingWhoseItIs() async throws {
        let error = try await Self.refusal(#"{"version": 1, "eventTypes": [], "events": []}"#)
        #expect(error.contains("The body is not cards: it is a Trendy export, not a CardShow Pro export"), "\(error)")
    }

    @Test func anAmountThatIsNotANumberIsRefusedWithTheRange() async throws {
        let error = try await Self.refusal(InventoryAPITests.pikachu.replacingOccurrences(of: #""marketValue": 12.5"#, with: #""marketValue": "x""#))
        #expect(error.contains("field \"marketValue\""), "\(error)")
        #expect(error.contains("from $0.00 to $100,000,000.00"), "\(error)")
    }
}
