import CommandLineSupport
import Foundation
import OpenSwiftData
import Testing

/// A record for the saves below.
@Model
final class InterruptedNote {
    var text: String
    init(text: String) { self.text = text }
}

/// Ctrl-C once an import's save has returned: the commit is done, so the line "nothing of
/// it was saved" would be false. The import is let finish instead, and says what it saved.
/// (An interruption before or during the save ends the program: a tool's test drives
/// that, as it ends the process.)
@Suite struct InterruptionTests {
    @Test func anInterruptionAfterTheImportsSaveLetsTheImportFinishInsteadOfSayingNothingWasSaved() throws {
        let container = try ModelContainer(for: InterruptedNote.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        // Were the interruption not let go, the raise below would end this process with status 130.
        let saved = try Interruption.whileImporting { () throws -> Int in
            context.insert(InterruptedNote(text: "kept"))
            try context.save()
            raise(SIGINT)
            return try context.fetchCount(FetchDescriptor<InterruptedNote>())
        }
        #expect(saved == 1)
    }
}
