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
        static let configuration = CommandConfiguration(commandName: "deck", subcommands: [Show.self], aliases: ["decks"])
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

    func hoisted(_ arguments: [String]) -> [String] {
        CommandRunner.hoisted(arguments, of: Tool.self, optionsWithValues: ["--store", "--db"], moved: ["--json", "--db"])
    }

    @Test func jsonAndMovedOptionsBeforeTheCommandAreMovedAfterIt() {
        #expect(hoisted(["--json", "deck", "show", "x"]) == ["deck", "show", "x", "--json"])
        #expect(hoisted(["--db", "g.db", "deck", "show", "x"]) == ["deck", "show", "x", "--db", "g.db"])
        #expect(hoisted(["--store", "s", "--json", "deck", "show", "x", "--", "-y"]) == ["--store", "s", "deck", "show", "x", "--json", "--", "-y"])
        #expect(hoisted(["deck", "show", "--json"]) == ["deck", "show", "--json"])
    }

    /// Was "\"decks\" is not a tool command.", of an alias the tool's help lists.
    @Test func aCommandsAliasNamesThatCommand() {
        #expect(unknown(["decks", "show", "x"]) == nil)
        #expect(hoisted(["--json", "decks", "show", "x"]) == ["decks", "show", "x", "--json"])
    }

    /// Was `deck --db g.db`, which the group refused as an option it does not take.
    @Test func movedOptionsBeforeACommandGroupGivenAloneAreLeftOutSoItShowsItsHelp() {
        #expect(hoisted(["--db", "g.db", "deck"]) == ["deck"])
        #expect(hoisted(["--db", "g.db", "deck", "--help"]) == ["deck", "--help"])
    }

    /// Was "Unknown option '--db'": the help command takes no option.
    @Test func movedOptionsAroundTheHelpCommandAreLeftOutSoItShowsTheHelp() {
        #expect(hoisted(["help", "deck", "show", "--db", "g.db"]) == ["help", "deck", "show"])
        #expect(hoisted(["--json", "help", "deck", "--db=g.db"]) == ["help", "deck"])
    }

    /// Was "Unknown option '--db'", though a path beginning with a minus sign is refused with
    /// the advice to join it to its option with `=`.
    @Test func aMovedOptionJoinedToItsValueIsMovedAfterTheCommand() {
        #expect(hoisted(["--db=-x.db", "deck", "show", "x"]) == ["deck", "show", "x", "--db=-x.db"])
    }

    /// Was "2 unexpected arguments: 'help', 'show'": only the root has the help command.
    @Test func helpAfterACommandGroupIsTheHelpOfTheCommandAfterIt() {
        #expect(hoisted(["deck", "help", "show"]) == ["help", "deck", "show"])
        #expect(hoisted(["--db", "g.db", "deck", "help", "show"]) == ["help", "deck", "show"])
        #expect(hoisted(["--store", "s", "deck", "help"]) == ["--store", "s", "help", "deck"])
    }

    @Test func helpAsACommandsArgumentIsLeftAsItIs() {
        #expect(hoisted(["deck", "show", "help"]) == ["deck", "show", "help"])
    }

    @Test func helpBeforeAWordThatNamesNoCommandFindsThatWord() {
        #expect(unknown(["help", "frobnicate"]) == "tool: frobnicate")
        #expect(unknown(["help", "deck", "show"]) == nil)
    }
}
