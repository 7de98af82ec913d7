import Foundation
import GRDB
import Testing

/// Two cards another program stored with one ID (it dropped the index that keeps IDs
/// apart): `cardshow card show ID` said "2 cards have IDs starting with …; type more of the
/// ID" of a whole ID, a whole UUID picked one of the two as it happened, and `cardshow
/// export` wrote both for its import to refuse. Now the commands say so and how to mend it,
/// `cardshow card update ID --new-id` gives each but the first its own ID, and the export
/// refuses them, or with `--skip-unreadable` leaves the second out naming it.
@Suite struct SharedCardIDTests {
    let directory: TemporaryDirectory
    let tool: CardShowProcess
    var store: String { directory.file("cards.store").path }

    init() throws {
        directory = try TemporaryDirectory()
        tool = CardShowProcess(dataHome: directory.url)
    }

    struct CardRow: Decodable { let id: String; let name: String }

    func cards() throws -> [CardRow] {
        let listed = try tool.run(["card", "list", "--json", "--store", store])
        return try JSONDecoder().decode([CardRow].self, from: Data(listed.stdout.utf8))
    }

    /// Pikachu, then Mew, given Pikachu's ID by another program; returns the ID, whole.
    func pikachuAndMewOfOneID() throws -> String {
        for arguments in [["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58"],
                          ["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8"]] {
            #expect(try tool.run(arguments + ["--store", store]).status == 0)
        }
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(sql: "DROP INDEX InventoryCard_unique_id")
            try db.execute(sql: "UPDATE InventoryCard SET id = (SELECT id FROM InventoryCard WHERE name = 'Pikachu')")
        }
        try queue.close()
        let ids = Set(try cards().map(\.id))
        #expect(ids.count == 1, "\(ids)")
        return try #require(ids.first)
    }

    @Test(arguments: [true, false])
    func aCommandNamingAnIDTwoCardsHoldIsRefusedSayingHowToTellThemApart(whole: Bool) throws {
        let id = try pikachuAndMewOfOneID()
        let short = String(id.prefix(8))
        let refused = try tool.run(["card", "delete", whole ? id : short, "--store", store])
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("2 cards hold the ID \(short), as another program stored them, so no ID tells them apart. "
                                        + "Nothing was changed."), "\(refused.stderr)")
        #expect(refused.stderr.contains("Give each its own ID with `cardshow card update \(short) --new-id`"), "\(refused.stderr)")
        #expect(try cards().count == 2)
    }

    @Test func updateNewIDGivesTheSecondCardOfOneIDItsOwnAndTheFirstKeepsIt() throws {
        let id = try pikachuAndMewOfOneID()
        let short = String(id.prefix(8))
        let output = try tool.run(["card", "update", short, "--new-id", "--store", store])
        #expect(output.status == 0, "\(output.stderr)")
        let cards = try cards()
        let pikachu = try #require(cards.first { $0.name == "Pikachu" }), mew = try #require(cards.first { $0.name == "Mew" })
        #expect(pikachu.id == id && mew.id != id)
        #expect(output.stdout.contains("Pikachu #58 keeps the ID \(short)."), "\(output.stdout)")
        #expect(output.stdout.contains("Mew #8 now has the ID \(mew.id.prefix(8))."), "\(output.stdout)")
    }

    @Test func updateNewIDWithOtherChangesOfAnIDTwoCardsHoldIsRefused() throws {
        let id = try pikachuAndMewOfOneID()
        let refused = try tool.run(["card", "update", String(id.prefix(8)), "--new-id", "--value", "5", "--store", store])
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("--new-id` alone"), "\(refused.stderr)")
        #expect(Set(try cards().map(\.id)).count == 1)
    }

    @Test func updateNewIDWithOtherChangesSaysWhatToDoOnALineOfItsOwn() throws {
        let id = try pikachuAndMewOfOneID()
        let short = String(id.prefix(8))
        let refused = try tool.run(["card", "update", short, "--new-id", "--value", "5", "--store", store])
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(refused.stderr)")
        #expect(lines.first?.hasSuffix("Nothing was changed.") == true, "\(refused.stderr)")
        #expect(lines.last.map(String.init) == "Give them their own IDs with `cardshow card update \(short) --new-id` alone, then change the one "
                + "you mean by its new ID.", "\(refused.stderr)")
    }

    @Test func anExportOfTwoCardsOfOneIDIsRefusedAndWithSkipUnreadableLeavesTheSecondOut() throws {
        let id = try pikachuAndMewOfOneID()
        let short = String(id.prefix(8))
        let backup = directory.file("backup.json").path
        for format in ["json", "csv"] {
            let refused = try tool.run(["export", "--format", format, "--output", backup, "--store", store])
            #expect(refused.status == 1, "\(format): \(refused.stdout)")
            // Before: written, and its import refused: "the card ID … is also on line 2".
            #expect(refused.stderr.contains("hold one ID, \(short), which another program stored: an export holding both could not "
                                            + "be imported, so nothing was exported."), "\(refused.stderr)")
            #expect(refused.stderr.contains("Give each its own ID with `cardshow card update \(short) --new-id`"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: backup))
        }
        let salvaged = try tool.run(["export", "--format", "json", "--output", backup, "--skip-unreadable", "--store", store])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        #expect(salvaged.stderr.contains("(\(short)) holds the ID of"), "\(salvaged.stderr)")
        let imported = try tool.run(["import", backup, "--store", directory.file("other.store").path])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test func anExportAfterUpdateNewIDImportsBothCards() throws {
        let id = try pikachuAndMewOfOneID()
        #expect(try tool.run(["card", "update", String(id.prefix(8)), "--new-id", "--store", store]).status == 0)
        let backup = directory.file("backup.json").path
        let exported = try tool.run(["export", "--format", "json", "--output", backup, "--store", store])
        #expect(exported.status == 0, "\(exported.stderr)")
        let other = directory.file("other.store").path
        #expect(try tool.run(["import", backup, "--store", other]).status == 0)
        let listed = try tool.run(["card", "list", "--json", "--store", other])
        #expect(try JSONDecoder().decode([CardRow].self, from: Data(listed.stdout.utf8)).count == 2)
    }
}
