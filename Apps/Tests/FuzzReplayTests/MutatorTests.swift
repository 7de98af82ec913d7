import Foundation
import QueryOracle
import Testing

/// The replay's inputs must be the same on every run, so that a failure can be repeated.
@Suite struct MutatorTests {
    private func mutations(seed: String) -> [Data] {
        var mutator = Mutator(corpus: [Data("name,price\nCharizard,350\n".utf8), Data("{\"a\":[1,2]}".utf8)],
                              edgeValues: EdgeValues.data(EdgeValues.csv), generator: SeededGenerator(seedText: seed))
        return (0..<200).map { _ in mutator.next() }
    }

    @Test func theSameSeedMakesTheSameMutations() {
        #expect(mutations(seed: "cardshow-csv") == mutations(seed: "cardshow-csv"))
    }

    @Test func anotherSeedMakesOtherMutations() {
        #expect(mutations(seed: "cardshow-csv") != mutations(seed: "assetflow-csv"))
    }
}

@Suite struct EscapedInputTests {
    @Test func lineBreaksAccentsAndInvalidBytesAreEscaped() {
        let input = Data("a,\"b\"\r\n\t\\".utf8) + Data("e\u{301}".utf8) + Data([0x00, 0xFF, 0xC3])
        #expect(EscapedInput.text(input) == #"a,"b"\r\n\t\\e\u{301}\u{0}\xFF\xC3"#)
    }

    @Test func aLongInputIsCutSayingHowMuchWasLeftOut() {
        #expect(EscapedInput.text(Data(repeating: 0x61, count: 50), limit: 10) == "aaaaaaaaaa… (40 more bytes)")
    }
}
