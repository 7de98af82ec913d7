import CommandLineTestSupport
import Foundation
import Testing

/// An amount option that is not an amount is refused in words that say what an amount
/// looks like and its range, whatever is wrong with it.
@Suite("cardshow amount options")
struct AmountOptionTests {
    let home: TemporaryDirectory
    let tool: ToolProcess
    var store: String { home.file("cards.store").path }

    init() throws {
        home = try TemporaryDirectory()
        tool = ToolProcess("cardshow", environment: ["XDG_DATA_HOME": home.url.path, "TZ": "UTC"])
    }

    func addCard(value: String) throws -> ToolProcess.Output {
        try tool.run(["card", "add", "--name", "A", "--set", "S", "--number", "1", "--value", value, "--store", store])
    }

    @Test(arguments: ["1,000", "100000001", "abc", "1e3", "1e300", "1e-300", ""])
    func aValueThatIsNotAnAmountIsRefusedWithTheFormAndTheRange(_ value: String) throws {
        let refused = try addCard(value: value)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("from $0.00 to $100,000,000.00") && refused.stderr.contains("like 12.50"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func feesWithAnExponentAreRefusedWithTheFormAndTheRange() throws {
        let refused = try tool.run(["sale", "record", "--card", "abc", "--price", "5", "--fees", "1e300", "--store", store])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--fees") && refused.stderr.contains("from $0.00 to $100,000,000.00"), "\(refused.stderr)")
    }

    @Test func aValueWithADollarSignIsAnAmount() throws {
        let added = try addCard(value: "$5")
        #expect(added.status == 0, "\(added.stderr)")
    }
}
