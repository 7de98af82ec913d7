import CommandLineSupport
import Testing

/// The check every command line passes before it is parsed.
@Suite struct ArgumentCheckTests {
    @Test func plainTextWithTabsAndLineBreaksPasses() {
        #expect(ArgumentCheck.problem(in: ["card", "add", "--notes", "line one\nline two\tend"]) == nil)
    }

    @Test func anArgumentOfTheLongestLengthPasses() {
        #expect(ArgumentCheck.problem(in: [String(repeating: "a", count: ArgumentCheck.longest)]) == nil)
    }

    @Test func anArgumentOneCharacterTooLongIsRefusedWithItsLength() {
        let problem = ArgumentCheck.problem(in: ["--name", String(repeating: "a", count: 4_097)])
        #expect(problem?.contains("4,097 characters long") == true)
    }

    @Test func anEscapeCharacterIsRefusedAndShownEscaped() {
        let problem = ArgumentCheck.problem(in: ["--name", "Evil\u{1B}[2J"])
        #expect(problem?.contains("control character (\\u{1B})") == true)
        #expect(problem?.contains("\u{1B}") == false)
    }

    @Test func aNegativeNumberAfterALongOptionIsTakenAsItsValue() {
        #expect(ArgumentCheck.joiningNegativeNumbers(["list", "--limit", "-5", "--json"]) == ["list", "--limit=-5", "--json"])
        #expect(ArgumentCheck.joiningNegativeNumbers(["--quiet-hours", "-1-8"]) == ["--quiet-hours=-1-8"])
        // An option's name, a short option, a value already joined, and what follows "--" are left alone.
        #expect(ArgumentCheck.joiningNegativeNumbers(["--json", "--limit", "-o", "x"]) == ["--json", "--limit", "-o", "x"])
        #expect(ArgumentCheck.joiningNegativeNumbers(["--limit=-5", "-5"]) == ["--limit=-5", "-5"])
        #expect(ArgumentCheck.joiningNegativeNumbers(["--", "--limit", "-5"]) == ["--", "--limit", "-5"])
    }
}
