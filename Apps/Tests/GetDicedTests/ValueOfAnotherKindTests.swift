import CommandLineTestSupport
import Foundation
import GRDB
import Testing
@testable import GetDiced

/// A value another program stored where getdiced keeps something else (text for a slot
/// number or a quantity) is named in words, and nothing is changed, where reading it
/// stopped the process or read it as zero.
@Suite("getdiced given values of another kind")
struct ValueOfAnotherKindTests {
    let directory: TemporaryDirectory
    let cli = GetDicedProcess()
    let database: String

    init() throws {
        (directory, database) = try TestCatalog.databaseWithASinglesDeck()
    }

    /// Runs `sql` on the database as another program would.
    func store(_ sql: String) throws {
        let queue = try DatabaseQueue(path: database)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    func expectNamed(_ arguments: [String], column: String, value: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectNamed(arguments, column: column, shown: "\"\(value)\"", sourceLocation: sourceLocation)
    }

    /// `arguments` refused naming `column` and its value as `shown`, in words.
    func expectNamed(_ arguments: [String], column: String, shown: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let output = try cli.run(arguments + ["--db", database])
        #expect(output.status == 1, "\(arguments): \(output.status) \(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stderr.contains("its \(column) holds \(shown), which getdiced cannot read: another program wrote it, "
                                       + "or the file is damaged. Nothing was changed."), "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(InternalWords.found(in: output.stderr).isEmpty, "\(output.stderr)", sourceLocation: sourceLocation)
        #expect(!output.stderr.contains("Data("), "\(output.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aSlotNumberStoredAsTextIsNamedByDeckExportAndValidateInsteadOfStoppingTheProcess() throws {
        try store("UPDATE deck_cards SET slot_number = 'abc' WHERE slot_type = 'COMPETITOR'")
        try expectNamed(["deck", "export", "Gordon Singles"], column: "slot_number", value: "abc")
        try expectNamed(["deck", "validate", "Gordon Singles"], column: "slot_number", value: "abc")
        try expectNamed(["deck", "show", "Gordon Singles"], column: "slot_number", value: "abc")
    }

    @Test func aQuantityStoredAsTextIsNamedNotShownAsZero() throws {
        #expect(try cli.run(["folder", "add", "Owned", "Flip Gordon", "--db", database]).status == 0)
        try store("UPDATE folder_cards SET quantity = 'many'")
        try expectNamed(["folder", "show", "Owned"], column: "quantity", value: "many")
    }

    @Test func aCardNameAnotherProgramStoredAsBytesIsNamedByCatalogSyncInsteadOfStoppingTheProcess() throws {
        try store("UPDATE cards SET name = x'00ff41' WHERE db_uuid = '\(TestCatalog.flipGordon.dbUUID)'")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        try expectNamed(["sync", "--catalog", directory.file("catalog.db")], column: "name", shown: "3 bytes of binary data")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test func aSlotTypeStoredAsBytesIsNamedInWordsNotAsASwiftValue() throws {
        try store("UPDATE deck_cards SET slot_type = x'ff' WHERE slot_type = 'COMPETITOR'")
        try expectNamed(["deck", "show", "Gordon Singles"], column: "slot_type", shown: "1 byte of binary data")
        try expectNamed(["deck", "export", "Gordon Singles"], column: "slot_type", shown: "1 byte of binary data")
    }
}
