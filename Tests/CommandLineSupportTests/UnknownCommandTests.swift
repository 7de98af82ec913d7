import ArgumentParser
@testable import CommandLineSupport
import Testing

/// Finding the word that names no command, at the root or in a group.
@Suite struct UnknownCommandTests {
    struct Tool: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tool", subcommands: [Deck.self, Stats.self],
                                                        defaultSubcommand: Stats.self)
    }

    struct Deck: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deck", subcommands: [Show.self])
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show")
        @Argument var name: String
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats")
    }

    func unknown(_ arguments: [String]) -> String? {
        CommandRunner.unknownCommand(in: arguments, of: Tool.self, optionsWithValues: ["--store"]).map { "\($0.2): \($0.0)" }
    }

    @Test func aWordThatNamesNoCommandAtTheRootIsFound() {
        #expect(unknown(["frobnicate", "--store", "x"]) == "tool: frobnicate")
    }

    @Test func aWordThatNamesNoCommandInAGroupIsFoundWithTheGroup() {
        #expect(unknown(["deck", "frobnicate", "--store", "x"]) == "tool deck: frobnicate")
    }

    @Test func anOptionsValueIsNotTakenForACommand() {
        #expect(unknown(["--store", "deck", "stats"]) == nil)
    }

    @Test func aCommandsOwnArgumentsAreNotLookedAt() {
        #expect(unknown(["deck", "show", "anything"]) == nil)
    }
}
