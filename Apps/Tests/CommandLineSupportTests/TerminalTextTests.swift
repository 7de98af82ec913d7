import CommandLineSupport
import Testing

/// Text from stores and command lines made safe to print.
@Suite struct TerminalTextTests {
    @Test func controlCharactersOfEveryRangeAreShownAsEscapes() {
        #expect(TerminalText.escaped("a\u{0}b\u{1B}[2Jc\u{7F}d\u{9B}e") == "a\\u{0}b\\u{1B}[2Jc\\u{7F}d\\u{9B}e")
    }

    @Test func printableTextIsKeptAsItIs() {
        #expect(TerminalText.escaped("Café — 東京 ✓") == "Café — 東京 ✓")
    }

    @Test func aShortenedNameIsOneLineEndingInAnEllipsis() {
        #expect(TerminalText.shortened("first\nsecond line", to: 10) == "first sec…")
    }

    /// `\r\n` is one line break, one space; `\r` and `\n` alone are one each.
    @Test(arguments: [("a\r\nb", "a b"), ("a\nb\rc", "a b c"), ("a\r\r\nb", "a  b"), ("a\n\rb", "a  b"), ("a\n\nb", "a  b"),
                      ("café\r\n東京", "café 東京")])
    func eachLineBreakOfACellIsOneSpace(text: String, shown: String) {
        #expect(TerminalText.shortened(text, to: 40) == shown)
    }

    @Test func aMessageKeepsItsLinesAndTabsButShortensEachLine() {
        let message = TerminalText.message("Error: \u{1B}x\n\tsee help\n" + String(repeating: "A", count: 1_000), lineLimit: 50)
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0] == "Error: \\u{1B}x")
        #expect(lines[1] == "\tsee help")
        #expect(lines[2].count == 50 && lines[2].hasSuffix("…"))
    }
}
