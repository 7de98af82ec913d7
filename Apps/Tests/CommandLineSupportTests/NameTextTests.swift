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

    @Test func differentLettersAreDifferentNames() {
        #expect(NameText.key("Elan") != NameText.key("Élan"))
    }
}
