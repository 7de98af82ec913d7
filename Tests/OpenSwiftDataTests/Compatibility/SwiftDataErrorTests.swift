import Foundation
import OpenSwiftData
import Testing

/// `SwiftDataError` as SwiftData's apps catch it: thrown by `ModelContainer` with
/// SwiftData's kind, equal by kind, and carrying OpenSwiftData's explanation.
@Suite struct SwiftDataErrorTests {
    private static func damagedStore() throws -> TestStore {
        let store = TestStore()
        try Data(repeating: 0x41, count: 4096).write(to: store.url)
        return store
    }

    @Test func aStoreThatCannotBeLoadedThrowsLoadIssueModelContainer() throws {
        let store = try Self.damagedStore()
        #expect(throws: SwiftDataError.loadIssueModelContainer) { _ = try store.container(Tag.self) }
    }

    @Test func theErrorCarriesTheExplanationNamingTheFile() throws {
        let store = try Self.damagedStore()
        let error = #expect(throws: SwiftDataError.self) { _ = try store.container(Tag.self) }
        #expect(error?.explanation == .storeDamaged(path: store.url.path, reason: .notSQLite))
        #expect(error?.description.contains(store.url.path) == true)
        #expect(error?.localizedDescription.contains(store.url.path) == true)
    }

    @Test func aCatchClauseWithTheKindMatches() throws {
        let store = try Self.damagedStore()
        var caught = false
        do {
            _ = try store.container(Tag.self)
        } catch SwiftDataError.loadIssueModelContainer {
            caught = true
        }
        #expect(caught)
    }

    @Test func aCatchClauseWithAnotherKindDoesNotMatch() throws {
        let store = try Self.damagedStore()
        var caughtAsBackward = false
        do {
            _ = try store.container(Tag.self)
        } catch SwiftDataError.backwardMigration {
            caughtAsBackward = true
        } catch {}
        #expect(!caughtAsBackward)
    }

    @Test func errorsOfOneKindAreEqualWhateverTheirExplanation() throws {
        let store = try Self.damagedStore()
        let error = #expect(throws: SwiftDataError.self) { _ = try store.container(Tag.self) }
        #expect(error == .loadIssueModelContainer)
        #expect(error != .unknownSchema)
        #expect(Set([SwiftDataError.unknownSchema, .unknownSchema, .backwardMigration]).count == 2)
    }

    @Test func twoConfigurationsWithOneNameThrowDuplicateConfiguration() {
        let store = TestStore()
        let first = ModelConfiguration("shared", url: store.url)
        let second = ModelConfiguration("shared", url: store.directory.appendingPathComponent("other.store"))
        #expect(throws: SwiftDataError.duplicateConfiguration) {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [first, second])
        }
    }

    @Test func aConfigurationNameWithASlashThrowsInvalidCharacters() {
        let configuration = ModelConfiguration("notes/2026", isStoredInMemoryOnly: false)
        #expect(throws: SwiftDataError.configurationFileNameContainsInvalidCharacters) { try configuration.validate() }
        #expect(throws: SwiftDataError.configurationFileNameContainsInvalidCharacters) {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [configuration])
        }
    }

    @Test func aConfigurationNameLongerThanAFileNameThrowsTooLong() {
        let configuration = ModelConfiguration(String(repeating: "n", count: 250))
        let error = #expect(throws: SwiftDataError.configurationFileNameTooLong) { try configuration.validate() }
        #expect(error?.explanation == .invalidConfiguration(name: configuration.name, problem: .nameTooLong(bytes: 250)))
    }

    @Test func aValidConfigurationValidates() throws {
        try ModelConfiguration("Notes").validate()
        try ModelConfiguration(String(repeating: "n", count: 249)).validate()
    }

    @Test func aConfigurationWhoseSchemaHasAModelTheContainerLacksThrowsSchemaNotFound() {
        let configuration = ModelConfiguration(schema: Schema([Reading.self]), isStoredInMemoryOnly: true)
        let error = #expect(throws: SwiftDataError.configurationSchemaNotFoundInContainerSchema) {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [configuration])
        }
        #expect(error?.description.contains("Reading") == true)
    }

    @Test func anErrorMadeFromAKindHasAMessageButNoExplanation() {
        #expect(SwiftDataError.historyTokenExpired.explanation == nil)
        #expect(SwiftDataError.historyTokenExpired.description.contains("history"))
    }

    @Test func openSwiftDataErrorExplainingUnwrapsBothKinds() {
        let own = OpenSwiftDataError.storeBusy(path: "/x.store", seconds: 30)
        #expect(OpenSwiftDataError(explaining: own) == own)
        #expect(OpenSwiftDataError(explaining: SwiftDataError.unknownSchema) == nil)
        #expect(OpenSwiftDataError(explaining: CocoaError(.fileNoSuchFile)) == nil)
    }
}
