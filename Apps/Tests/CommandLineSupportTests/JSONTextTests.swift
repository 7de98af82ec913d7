import Foundation
import JSONText
import Testing

/// What the shared JSON check refuses, and how it names it, before a decoder reads a text.
@Suite struct JSONTextTests {
    private func problem(_ text: String) -> JSONTextProblem? {
        do {
            _ = try JSONText.checked(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aByteOrderMarkIsDroppedAndTheTextTaken() throws {
        let checked = try JSONText.checked(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a": 1}"#.utf8))
        #expect(checked == Data(#"{"a": 1}"#.utf8))
    }

    @Test(arguments: ["1e400", "-1e400", "1e-400"])
    func aNumberBeyondADoubleIsOutOfRangeNamingItsKeyPath(_ number: String) throws {
        let found = try #require(problem("{\"cards\": [{\"price\": 1}, {\n\"price\": \(number)}]}"))
        #expect(!found.isSyntax)
        #expect(found.dottedPath == "cards[1].price")
        #expect(found.line == 2)
        #expect(found.reason == "\(number) is out of range: \(JSONText.numberRange)")
    }

    @Test func zeroWithAnExponentBeyondADoubleIsZero() {
        #expect(problem(#"{"a": 0e-400, "b": 0.000e999}"#) == nil)
    }

    @Test func aKeyGivenTwiceInOneObjectIsRefusedNamingIt() throws {
        let found = try #require(problem(#"{"cards": [{"name": "A", "name": "B"}]}"#))
        #expect(!found.isSyntax)
        #expect(found.dottedPath == "cards[0].name")
        #expect(found.reason.contains(#"the key "name" is given twice in one object"#))
    }

    @Test func theSameKeyInTwoObjectsIsTaken() {
        #expect(problem(#"[{"name": "A"}, {"name": "B"}]"#) == nil)
    }

    @Test func aCharacterWrittenAsTwoEscapesIsTaken() {
        #expect(problem(#"{"smile": "\uD83D\uDE00", "e": "\u00E9"}"#) == nil)
    }

    @Test(arguments: [#"["\uD83D"]"#, #"["\uDE00"]"#, #"["\uD83Dx"]"#])
    func halfACharacterIsRefusedAsNotJSON(_ text: String) throws {
        let found = try #require(problem(text))
        #expect(found.isSyntax)
        #expect(found.reason.contains("half of a character"), "\(found.reason)")
    }

    @Test func aSyntaxErrorNamesItsLine() throws {
        let found = try #require(problem("{\n\"a\": 1,\n\"b\": tru\n}"))
        #expect(found.isSyntax)
        #expect(found.line == 3)
    }
}
