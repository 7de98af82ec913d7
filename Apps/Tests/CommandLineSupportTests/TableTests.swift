import CommandLineSupport
import Testing

/// Plain text tables: padded columns, amounts on the right, cells on one short line.
@Suite struct TableTests {
    @Test func columnsArePaddedToTheirWidestCellAndAmountsAlignRight() {
        var table = Table("NAME", "VALUE", rightAligned: [1])
        table.add("Pikachu", "$12.00")
        table.add("Mew", "$1,200.00")
        #expect(table.lines() == ["NAME         VALUE", "Pikachu     $12.00", "Mew      $1,200.00"])
    }

    @Test func aLongCellIsShortenedAndItsControlCharactersEscaped() {
        var table = Table("NAME", maxWidth: 12)
        table.add("Evil\u{1B}[2J and much more")
        #expect(table.lines()[1] == "Evil\\u{1B}[…")
    }

    @Test func aRowWithFewerCellsThanHeadersStillRenders() {
        var table = Table("A", "B")
        table.add("only one")
        #expect(table.lines() == ["A         B", "only one"])
    }

    @Test func wideCharactersAndEmojiTakeTwoColumnsSoTheNextColumnStaysInLine() {
        var table = Table("NAME", "VALUE", rightAligned: [1])
        table.add("ピカチュウ", "$1.00")
        table.add("Fire 🔥", "$2.00")
        table.add("Pikachu", "$3.00")
        table.add("Cafe\u{301}", "$4.00")
        let columns = table.lines().map { line in TerminalWidth.of(String(line.prefix { $0 != "$" })) }
        #expect(Set(columns.dropFirst()).count == 1, "\(table.lines())")
    }

    @Test func theTerminalWidthOfWideTextCountsTwoColumnsACharacter() {
        #expect(TerminalWidth.of("ピカチュウ") == 10)
        #expect(TerminalWidth.of("🔥") == 2)
        #expect(TerminalWidth.of("❤\u{FE0F}") == 2)
        #expect(TerminalWidth.of("Cafe\u{301}") == 4)
        #expect(TerminalWidth.of("שלום") == 4)
    }

    /// A zero-width space, a byte-order mark, a direction mark or an accent with no letter
    /// before it is drawn as nothing, where each counted a column and pushed the cells to its
    /// right one column left of the others.
    @Test func invisibleCharactersTakeNoColumnSoTheNextColumnStaysInLine() {
        #expect(TerminalWidth.of("Zero\u{200B}Width") == 9)
        #expect(TerminalWidth.of("\u{FEFF}Mew\u{200F}") == 3)
        #expect(TerminalWidth.of("\u{301}Acute") == 5)
        #expect(TerminalWidth.of("Soft\u{AD}Hyphen") == 11)
        var table = Table("NAME", "VALUE")
        table.add("Zero\u{200B}Width", "$1.00")
        table.add("ZeroWidth", "$2.00")
        let lines = table.lines()
        #expect(lines[1].hasPrefix("Zero\u{200B}Width  $") && lines[2].hasPrefix("ZeroWidth  $"), "\(lines)")
    }
}
