import CommandLineSupport
import Testing

@Suite struct CountedTests {
    @Test func oneTakesTheSingular() { #expect(counted(1, "card") == "1 card") }
    @Test func othersTakeThePlural() {
        #expect(counted(0, "card") == "0 cards")
        #expect(counted(2, "event") == "2 events")
    }
    @Test func anIrregularPluralIsUsedAsGiven() { #expect(counted(3, "entry", plural: "entries") == "3 entries") }
}
