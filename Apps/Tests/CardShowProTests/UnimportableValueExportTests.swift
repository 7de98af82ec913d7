import Foundation
import Testing

/// A value another program stored in a card that `cardshow import` refuses (a negative
/// market value, a grade of 11, an empty name, a tag of no text, an acquired date after
/// today): `cardshow export` wrote it, and the import of that export refused the whole
/// file, nothing imported. The export now refuses such a card naming it, and
/// `--skip-unreadable` leaves it out saying so.
@Suite("An export of a card holding a value no import takes")
struct UnimportableValueExportTests: HandEditedStoreSuite {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Pikachu and Mew in the store, then `change` made to Pikachu by another program;
    /// returns Pikachu's short ID.
    func pikachuAndMew(then change: String) throws -> String {
        for arguments in [["card", "add", "--name", "Pikachu", "--set", "Base", "--number", "58"],
                          ["card", "add", "--name", "Mew", "--set", "Promo", "--number", "8"]] {
            #expect(try tool.run(arguments + ["--store", store]).status == 0)
        }
        let listed = try tool.run(["card", "list", "--json", "--store", store])
        let cards = (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []
        let id = String(try #require(cards.first { $0["name"] as? String == "Pikachu" }?["id"] as? String).prefix(8))
        try setInStore("UPDATE InventoryCard SET \(change) WHERE name = 'Pikachu'")
        return id
    }

    /// The export, in JSON and in CSV, refuses Pikachu naming it and what puts it right, and writes nothing.
    func expectRefusedInEitherFormat(id: String, reason: String, to backup: String) throws {
        for format in ["json", "csv"] {
            let refused = try tool.run(["export", "--format", format, "--output", backup, "--store", store])
            #expect(refused.status == 1, "\(format): \(refused.stdout)")
            #expect(refused.stderr.contains("(\(id)) holds a value an import refuses (\(reason)"), "\(format): \(refused.stderr)")
            #expect(refused.stderr.contains("so nothing was exported.\nPut it right with `cardshow card update \(id)"), "\(refused.stderr)")
            #expect(refused.stderr.contains("`, or `cardshow export --skip-unreadable` exports the other cards."), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: backup))
        }
    }

    /// `--skip-unreadable` exports Mew alone, naming Pikachu, and the file imports.
    func expectSkippingUnreadableExportsMewAlone(id: String, reason: String, to backup: String) throws {
        let salvaged = try tool.run(["export", "--format", "json", "--output", backup, "--skip-unreadable", "--store", store])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        #expect(salvaged.stderr.contains("(\(id)) holds a value an import refuses (\(reason)"), "\(salvaged.stderr)")
        #expect(salvaged.stdout.contains("Exported 1 card to"), "\(salvaged.stdout)")
        let imported = try tool.run(["import", backup, "--store", directory.file("other.store").path])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test(arguments: [("marketValue = -5", "a card's market value can't be negative"),
                      ("grade = 11", "a card's grade must be a whole number from 1 to 10"),
                      ("name = ''", "a card needs a name"),
                      ("tags = '[\"\"]'", "a tag can't be empty: give each tag some text"),
                      ("acquiredDate = 6279811199", "a card can't be acquired in the future")])
    func aCardHoldingAValueNoImportTakesIsRefusedByTheExportNamingItAndLeftOutWithSkipUnreadable(change: String, reason: String) throws {
        let id = try pikachuAndMew(then: change)
        let backup = directory.file("backup.json").path

        try expectRefusedInEitherFormat(id: id, reason: reason, to: backup)

        try expectSkippingUnreadableExportsMewAlone(id: id, reason: reason, to: backup)
    }

    /// The export's refusal named `cardshow card update ID` alone, on the line of what is
    /// wrong, leaving the option to guess; of a company no one knows on an ungraded card, the
    /// rule's "use one of PSA, …" led to `--graded-by`, which made the card graded.
    @Test(arguments: [("marketValue = -5", "--value DOLLARS"), ("purchaseCost = -1", "--cost DOLLARS"),
                      ("grade = 11", "--clear-grading"), ("gradingCompany = 'XYZ'", "--clear-grading"),
                      ("isGraded = 1, gradingCompany = 'XYZ'", "--graded-by COMPANY"), ("name = ''", "--name NAME"),
                      ("tags = '[\"\"]'", "--tag TAG"), ("acquiredDate = 6279811199", "--acquired DATE")])
    func anExportRefusalNamesTheOptionOfCardUpdateThatMendsTheCardOnALineOfItsOwn(change: String, option: String) throws {
        let id = try pikachuAndMew(then: change)
        let refused = try tool.run(["export", "--format", "json", "--store", store])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("so nothing was exported.\nPut it right with `cardshow card update \(id) \(option)`, or "),
                "\(refused.stderr)")
    }

    /// The refusal of a company no one knows stored on an ungraded card gave the rule's "use one
    /// of PSA, BGS, CGC, SGC", which leads to `--graded-by` (grading the card), before the line
    /// naming `--clear-grading`, which mends it.
    @Test func anExportRefusalOfACompanyNoOneKnowsOnAnUngradedCardAdvisesNoCompany() throws {
        let id = try pikachuAndMew(then: "gradingCompany = 'XYZ'")
        let refused = try tool.run(["export", "--format", "json", "--store", store])
        #expect(refused.status == 1)
        #expect(!refused.stderr.contains("use one of"), "\(refused.stderr)")
        #expect(refused.stderr.contains("(\(id)) holds a value an import refuses (a card that isn't graded holds the grading company "
                                        + "\"XYZ\", which CardShow Pro doesn't know), which another program stored"), "\(refused.stderr)")
    }

    /// A text another program stored that the import refuses (a note of 5,000 characters, a
    /// name or set on two lines, a NUL, a tag of 5,000 characters): the export was written and
    /// its import refused the whole file, where the values above were refused by the export.
    @Test(arguments: [("notes = printf('%.5000c', 'x')", #"its field "notes" is 5000 characters long"#),
                      ("name = 'Pika' || char(10) || 'chu'", #"its field "name" has a line break (\u{A}) at character 5"#),
                      ("setName = 'Ba' || char(13) || 'se'", #"its field "setName" has a line break (\u{D}) at character 3"#),
                      ("notes = 'a' || char(0) || 'b'", #"its field "notes" has a NUL character (\u{0}) in it"#),
                      ("tags = '[\"' || printf('%.5000c', 'x') || '\"]'", #"its field "tags" is 5000 characters long"#)])
    func aCardHoldingTextNoImportTakesIsRefusedByTheExportNamingItAndLeftOutWithSkipUnreadable(change: String, reason: String) throws {
        let id = try pikachuAndMew(then: change)
        let backup = directory.file("backup.json").path

        try expectRefusedInEitherFormat(id: id, reason: reason, to: backup)

        try expectSkippingUnreadableExportsMewAlone(id: id, reason: reason, to: backup)
    }
}
