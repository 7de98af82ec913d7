import AssetFlow
import Foundation
import Testing

/// Amounts as an investor types them: read exactly, or refused naming the problem.
@Suite struct MoneyTests {
    @Test(arguments: [("1250.50", "1250.5"), ("-300", "-300"), ("+7", "7"), ("0.12345678", "0.12345678"),
                      ("1,250.5", "1250.5"), ("12,345,678", "12345678"), ("-1,000", "-1000"), (" 42 ", "42"),
                      (".5", "0.5"), ("5.", "5"), ("-.25", "-0.25"), ("+.5", "0.5")])
    func anAmountIsReadExactly(_ text: String, _ expected: String) throws {
        #expect(try Money.parse(text) == Decimal(string: expected))
    }

    @Test(arguments: ["", "-", ".", "+.", "1.123456789", "1e3", "1.2.3", "12a", "١٢"])
    func textThatIsNotAnAmountIsRefused(_ text: String) {
        #expect(throws: SnapshotError.invalidAmount(text)) { try Money.parse(text) }
    }

    @Test(arguments: ["1,5", "1,2345", ",123", "1234,567", "1,234.", "1,,234", "1,234.5,6"])
    func aCommaThatDoesNotGroupThousandsIsRefusedAsADecimalComma(_ text: String) {
        #expect(throws: SnapshotError.decimalComma(text)) { try Money.parse(text) }
    }

    @Test func anAmountAtTheLimitIsRefused() {
        #expect(throws: SnapshotError.invalidAmount("1000000000000000")) { try Money.parse("1000000000000000") }
    }

    @Test(arguments: [("0.125", "0.13"), ("0.135", "0.14"), ("-0.125", "-0.13"), ("2.5", "2.50")])
    func halvesAreShownRoundedAwayFromZero(value: String, shown: String) throws {
        #expect(Money.display(try #require(Decimal(string: value))) == shown)
    }

    @Test func largeAmountsAreShownDigitForDigit() throws {
        #expect(Money.display(try #require(Decimal(string: "123456789012345.67"))) == "123,456,789,012,345.67")
        #expect(Money.display(try #require(Decimal(string: "-999999999999999.995"))) == "-1,000,000,000,000,000.00")
    }

    @Test func aPercentageIsShownToOnePlaceHalvesAwayFromZero() throws {
        #expect(Money.display(try #require(Decimal(string: "12.25")), places: 1) == "12.3")
        #expect(Money.display(0, places: 1) == "0.0")
    }
}
