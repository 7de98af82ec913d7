import Foundation
import Testing

/// `add-benefit --value` takes an amount only when the whole text is one: the number at
/// its start is not taken and the rest dropped.
@Suite struct BenefitValueTextTests {
    @Test(arguments: ["1-2", "1.2.3", "5-", "1٢", "..5", "-", ".", "+", "1e3"])
    func aValueWithMoreThanANumberIsRefusedNotCutToTheNumberAtItsStart(_ value: String) throws {
        let tool = try HostilePassTwoTests.wallet()
        defer { tool.remove() }
        let output = try tool.run("add-benefit", "--card", "Mine", "--name", "Lounge", "--value", value, "--frequency", "monthly")
        #expect(output.status != 0, "\(value): \(output.stdout)")
        #expect(output.stderr.contains("'\(value)' is not an amount"), "\(output.stderr)")
        #expect(!(try tool.ok("benefits")).contains("Lounge"))
    }

    @Test(arguments: [(".5", "$0.50"), ("12.", "$12.00"), ("+5", "$5.00")])
    func theAmountFormsTheOtherToolsTakeAreTaken(_ value: String, _ shown: String) throws {
        let tool = try HostilePassTwoTests.wallet()
        defer { tool.remove() }
        let added = try tool.ok("add-benefit", "--card", "Mine", "--name", "Lounge", "--value", value, "--frequency", "monthly")
        #expect(added.contains("\(shown) monthly"), "\(added)")
    }
}
