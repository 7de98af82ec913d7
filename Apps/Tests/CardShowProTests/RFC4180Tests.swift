import Foundation
import Testing
@testable import CardShowPro

@Suite("RFC 4180")
struct RFC4180Tests {
    @Test func plainFieldsAreWrittenAsThey_Are() {
        #expect(RFC4180.record(["a", "b c", ""]) == "a,b c,\r\n")
    }

    @Test func fieldsWithCommasQuotesAndLineBreaksAreQuoted() {
        #expect(RFC4180.escape("a,b") == "\"a,b\"")
        #expect(RFC4180.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(RFC4180.escape("two\nlines") == "\"two\nlines\"")
        #expect(RFC4180.escape("cr\rhere") == "\"cr\rhere\"")
    }

    @Test func everyHostileStringSurvivesARoundTrip() throws {
        let text = RFC4180.record(["header"]) + hostileStrings.map { RFC4180.record([$0, "x"]) }.joined()
        let records = try RFC4180.parse(text)
        #expect(records.dropFirst().map { $0.fields[0] } == hostileStrings)
    }

    @Test func recordsSpanningLinesKeepTheLineTheyStartOn() throws {
        let records = try RFC4180.parse("h1,h2\n\"multi\nline\",x\nnext,y\n")
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test func lfCrlfAndCrLineEndsAllWork() throws {
        #expect(try RFC4180.parse("a\nb\r\nc\rd").map(\.fields) == [["a"], ["b"], ["c"], ["d"]])
    }

    @Test func blankLinesAreSkipped() throws {
        #expect(try RFC4180.parse("a,b\n\n\nc,d\n").map(\.fields) == [["a", "b"], ["c", "d"]])
    }

    @Test func byteOrderMarkIsIgnored() throws {
        #expect(try RFC4180.parse("\u{FEFF}Name\nx").first?.fields == ["Name"])
    }

    @Test func unterminatedQuoteIsAnErrorAtItsLine() {
        #expect(throws: RFC4180.SyntaxError(line: 2, reason: "a quoted field starting here has no closing quote")) {
            try RFC4180.parse("a,b\n\"open,x\nmore\n")
        }
    }

    @Test func quoteInsideAnUnquotedFieldIsAnError() {
        #expect(throws: RFC4180.SyntaxError.self) { try RFC4180.parse("a,b\nsay \"hi\",x\n") }
    }

    @Test func textAfterAClosingQuoteIsAnError() {
        #expect(throws: RFC4180.SyntaxError.self) { try RFC4180.parse("\"a\"b,c\n") }
    }
}
