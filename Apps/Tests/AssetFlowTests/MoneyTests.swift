import AssetFlow
import Foundation
import Testing

/// Amounts as an investor types them: read exactly, or refused naming the problem.
@Suite struct MoneyTests {
    @Test(arguments: [("1250.50", "1250.5"), ("-300", "-300"), ("+7", "7"), ("0.12345678", "0.12345678"),
                      ("1,250.5", "1250.5"), ("12,345,678", "12345678"), ("-1,000", "-1000"), (" 42 ", "42")])
    func anAmountIsReadExactly(_ text: String, _ expected: String) throws {
        #expect(try Money.parse(text) == Decimal(string: expected))
    }

    @Test(arguments: ["", "-", ".5", "5.", "1.123456789", "1e3", "1.2.3", "12a", "١٢"])
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
}
