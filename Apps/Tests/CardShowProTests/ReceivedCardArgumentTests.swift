import Foundation
import Testing

/// `trade record --receive NAME|SET|NUMBER|VALUE[|VARIANT[|CONDITION]]` says which part is
/// wrong, not only that the value is invalid.
@Suite struct ReceivedCardArgumentTests {
    @Test func aReceivedCardThatCannotBeReadNamesThePartThatIsWrong() throws {
        let home = try TemporaryDirectory()
        let cli = CardShowProcess(dataHome: home.url)
        #expect(try cli.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64"]).status == 0)
        let cases = [
            ("A|B", "it has 2 parts between the | signs, and a card received is written with 4 to 6"),
            ("A|B|C|abc", "its value, \"abc\", is not an amount in dollars"),
            ("A|B|C|5|Holo|zz", "its condition, \"zz\", is none of nm, lp, mp, hp and dmg"),
        ]
        for (received, words) in cases {
            let refused = try cli.run(["trade", "record", "--receive", received, "--percentage", "80"])
            // Before: "The value 'A|B' is invalid for '--receive <name|set|number|value[|variant[|condition]]>'" and no more.
            #expect(refused.status == 64, "\(received): \(refused.stderr)")
            #expect(refused.stderr.contains(words), "\(received): \(refused.stderr)")
        }
        #expect(try cli.run(["trade", "record", "--receive", "Blastoise|Base Set|2/102|150|Holo|lp", "--percentage", "80"]).status == 0)
    }

    @Test func aTradePercentageWithAnExponentOrInLettersIsRefusedSayingHowOneIsWritten() throws {
        let home = try TemporaryDirectory()
        let cli = CardShowProcess(dataHome: home.url)
        #expect(try cli.run(["card", "add", "--name", "Pikachu", "--set", "Jungle", "--number", "60/64"]).status == 0)
        for percentage in ["1e2", "0x50", "abc", "-5"] {
            let refused = try cli.run(["trade", "record", "--receive", "A|B|C|5", "--percentage", percentage])
            // Before: 1e2 recorded at 100% and 0x50 at 80%; abc and -5 "is invalid for '--percentage <percentage>'" alone.
            #expect(refused.status == 64, "\(percentage): \(refused.stdout)")
            #expect(refused.stderr.contains("it is not a trade percentage: write 80, 80% or 0.8, from 1% to 100%"),
                    "\(percentage): \(refused.stderr)")
        }
        #expect(try cli.run(["trade", "record", "--receive", "A|B|C|5", "--percentage", "80%"]).status == 0)
    }
}
