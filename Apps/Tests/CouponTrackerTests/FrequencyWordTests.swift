import Foundation
import Testing

/// `add-benefit --frequency` takes the words the listings show, in any case.
@Suite struct FrequencyWordTests {
    @Test(arguments: ["Semi-Annual", "semiannual", "semi annual", "semiAnnual"])
    func aFrequencyWrittenAsTheListingShowsItIsTaken(_ word: String) throws {
        let tool = try HostilePassTwoTests.wallet()
        defer { tool.remove() }
        let added = try tool.ok("add-benefit", "--card", "Mine", "--name", "Lounge", "--value", "50", "--frequency", word,
                                "--now", "2026-03-01T09:00")
        #expect(added.contains("semi-annual"), "\(added)")
        #expect(try tool.ok("benefits", "--now", "2026-03-01T09:00").contains("Semi-Annual"))
    }

    @Test func aWordThatIsNoFrequencyIsRefusedNamingTheFrequencies() throws {
        let tool = try HostilePassTwoTests.wallet()
        defer { tool.remove() }
        let output = try tool.run("add-benefit", "--card", "Mine", "--name", "Lounge", "--value", "50", "--frequency", "weekly")
        #expect(output.status != 0)
        #expect(output.stderr.contains("'weekly' is not a frequency: use monthly, quarterly, semi-annual or annual."), "\(output.stderr)")
    }
}
