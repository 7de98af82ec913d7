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

    /// Issue 33's twentieth pass: a text in UTF-16 (a body posted so, as `POST /cards` takes
    /// one, or a file saved as "Unicode") was "the byte 0xFF where a value should be".
    @Test(arguments: [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian])
    func aTextInUTF16IsNamedUTF16NotByTheByteMet(_ encoding: String.Encoding) throws {
        let text = try #require(#"{"cards": []}"#.data(using: encoding))
        do {
            _ = try JSONText.checked(text)
            Issue.record("the text was taken")
        } catch {
            #expect(error.isSyntax && error.line == 1)
            #expect(error.reason == "the text is UTF-16, not UTF-8: save it (or send it) as UTF-8")
        }
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

    @Test func aKeyGivenTwiceOnceWrittenWithEscapesIsRefusedAsGivenTwice() throws {
        // The decoder reads both as "name" and keeps one: before, the escaped one passed as another key.
        for json in [#"{"cards": [{"name": "A", "nam\u0065": "B"}]}"#, #"{"cards": [{"n\u0061me": "A", "name": "B"}]}"#,
                     #"{"cards": [{"a\/b": 1, "a/b": 2}]}"#, #"{"cards": [{"\ud83d\ude00": 1, "😀": 2}]}"#] {
            let found = try #require(problem(json), "\(json)")
            #expect(found.reason.contains("is given twice in one object"), "\(json): \(found.reason)")
        }
        #expect(problem(#"{"a\n": 1, "a\\n": 2, "\u00e9": 3}"#) == nil)
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

    /// Found beside issue 33's twentieth pass's CR-only cardshow export: the shared check
    /// (coupontracker's wallets and templates, trendy's exports, the server's bodies) counted
    /// only LF, so a file with CR-only line ends had every problem on "line 1".
    @Test(arguments: ["\r", "\r\n"])
    func aSyntaxErrorInATextWithCROnlyOrCRLFLineEndsNamesTheLineAnEditorShows(_ lineEnd: String) throws {
        let found = try #require(problem("{\n\"a\": 1,\n\"b\": tru\n}".replacingOccurrences(of: "\n", with: lineEnd)))
        #expect(found.isSyntax)
        #expect(found.line == 3)
    }
}

/// What a file given to a CSV import is named as, when it is plainly not that CSV file.
@Suite struct CSVFileTests {
    @Test func aDatabaseGivenAsCSVIsNamedAsADatabase() {
        let data = Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0, count: 84)
        #expect(CSVFile.assetFlowSnapshot.mismatch(data)?.hasPrefix("it is an SQLite database") == true)
    }

    @Test func aCalendarGivenAsCSVIsNamedAsACalendarForTrendy() {
        let data = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8)
        #expect(CSVFile.cardShowPro.mismatch(data)?.contains("`trendy import-ics FILE`") == true)
    }

    @Test func anotherAppsJSONExportGivenAsCSVIsNamedWithWhatImportsIt() {
        let data = Data(#"{"version": 1, "eventTypes": [], "events": []}"#.utf8)
        #expect(CSVFile.assetFlowSnapshot.mismatch(data) == "it is a Trendy export (a JSON file), not "
            + "\(CSVFile.assetFlowSnapshot.description): import it with `trendy import FILE`")
    }

    @Test func aFileThatMayBeTheCSVIsLeftToItsOwnChecks() {
        #expect(CSVFile.assetFlowSnapshot.mismatch(Data("asset,platform,currency,value\nFund,,USD,1\n".utf8)) == nil)
        #expect(CSVFile.cardShowPro.mismatch(Data("Name,Set,Number\n\"A, \"\"B\"\"\",S,1\n".utf8)) == nil)
        #expect(CSVFile.cardShowPro.mismatch(Data()) == nil)
    }
}
