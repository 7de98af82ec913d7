@testable import OpenSwiftData
import Testing

/// Table and column names go into SQL as quoted identifiers.
@Suite struct QuotedIdentifierTests {
    @Test(arguments: [("Card", #""Card""#), ("", #""""#), (#"a"b"#, #""a""b""#), (#""""#, #""""""""#), ("café", #""café""#)])
    func doublesEveryQuoteInsideQuotes(name: String, quoted: String) {
        #expect(name.quotedIdentifier == quoted)
    }
}
