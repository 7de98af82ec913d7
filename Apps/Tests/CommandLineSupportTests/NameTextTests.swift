import NameText
import Testing

/// The one rule names are compared by: composed, and case folded fully.
@Suite struct NameTextTests {
    @Test func aSharpSAndADoubleSAreOneName() {
        #expect(NameText.key("Straße") == NameText.key("STRASSE"))
        #expect(NameText.key("Straße") == NameText.key("strasse"))
    }

    @Test func aComposedAndADecomposedAccentAreOneName() {
        #expect(NameText.key("\u{E9}lan") == NameText.key("e\u{301}lan"))
        #expect(NameText.key("\u{C9}LAN").unicodeScalars.elementsEqual(NameText.key("e\u{301}lan").unicodeScalars))
    }

    @Test func aNameWithAZeroWidthSpaceOrASoftHyphenIsTheNameWithoutIt() {
        #expect(NameText.key("Te\u{200B}a") == NameText.key("Tea"))
        #expect(NameText.key("Tea\u{FEFF}") == NameText.key("Tea"))
        #expect(NameText.key("Ca\u{AD}fe\u{2060}") == NameText.key("Cafe"))
    }

    @Test func aJoinerBetweenASCIILettersJoinsNothingAndIsNotPartOfTheName() {
        #expect(NameText.key("A\u{200D}B") == NameText.key("AB"))
        #expect(NameText.key("\u{200C}Tea") == NameText.key("Tea"))
    }

    @Test func aZeroWidthJoinerIsKeptForItChangesHowANameLooks() {
        #expect(NameText.key("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}") != NameText.key("\u{1F468}\u{1F469}\u{1F467}"))
    }

    @Test func differentLettersAreDifferentNames() {
        #expect(NameText.key("Elan") != NameText.key("Élan"))
    }
}

/// Which names show something: every tool refuses a name that shows nothing, by this rule.
@Suite struct NameShowsSomethingTests {
    @Test(arguments: ["\u{301}", "\u{FEFF}", "\u{200D}", "\u{200B}\u{200C}", "\u{3164}", "\u{FE0F}", "\u{2800}", " \u{AD} ", "\u{A0}\u{3000}", ""])
    func aNameOfOnlyCharactersThatShowNothingShowsNothing(name: String) {
        #expect(!NameText.showsSomething(name))
    }

    @Test(arguments: ["Tea", "7", "!!!", "\u{1F3C3}", "\u{1F468}\u{200D}\u{1F469}", "e\u{301}", "\u{65E5}\u{672C}", "$", "\u{F8FF}"])
    func aNameWithALetterDigitMarkOrSymbolShowsSomething(name: String) {
        #expect(NameText.showsSomething(name))
    }
}

/// Names are one line: which character breaks one, and where, in words every tool uses.
@Suite struct NameLineBreakTests {
    @Test func aTabIsNamedWithItsPlace() throws {
        let problem = try #require(NameLineBreak(in: "Pika\tchu", what: "card name"))
        #expect(problem.description == "The card name \"Pika\\u{9}chu\" has a tab (\\u{9}) at character 5: "
            + "names are one line, without tabs or line breaks. Write it on one line. Nothing was changed.")
    }

    @Test(arguments: ["A\nB", "A\r\nB", "A\u{2028}B", "A\u{85}B", "A\u{B}B"]) func everyLineBreakIsRefused(_ name: String) {
        #expect(NameLineBreak(in: name) != nil)
    }

    @Test func aNameOnOneLineIsTaken() {
        #expect(NameLineBreak(in: "Pikachu VMAX — Ünïcode 漢字") == nil)
    }
}
