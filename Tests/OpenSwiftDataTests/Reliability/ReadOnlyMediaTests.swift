import ChildProcessSupport
import Foundation
import OpenSwiftData
import Testing

/// A store on read-only media (a read-only bind mount here) opens and reads, and a
/// save is refused with an error that says why; the files are not changed.
///
/// Making a read-only mount needs root; elsewhere these tests are skipped.
@Suite(.enabled(if: ReadOnlyMount.isAvailable, "needs root to bind-mount a directory read-only"))
struct ReadOnlyMediaTests {
    @Test func aStoreOnReadOnlyMediaOpensAndReads() throws {
        let mount = try ReadOnlyMount(withTags: ["a", "b"])
        let context = ModelContext(try mount.container())
        #expect(try context.fetch(FetchDescriptor<Tag>(sortBy: [SortDescriptor(\.label)])).map(\.label) == ["a", "b"])
    }

    @Test func aSaveToAStoreOnReadOnlyMediaIsRefusedNamingTheStore() throws {
        let mount = try ReadOnlyMount(withTags: ["a"])
        let context = ModelContext(try mount.container())
        context.insert(Tag(label: "c"))
        #expect(throws: OpenSwiftDataError.storeOnReadOnlyMedia(path: mount.store.path)) { try context.save() }
    }

    @Test func aStoreNeedingAMigrationOnReadOnlyMediaIsSaidToBeReadOnlyNotToDisallowSaving() throws {
        let mount = try ReadOnlyMount { source in
            try MigrationTestStore(path: source.url.path).with(CardsV1.models, CardsV1.seed)
        }
        #expect {
            _ = try ModelContainer(for: Schema(AddOptionalAttribute.models), configurations: [ModelConfiguration(url: mount.store)])
        } throws: { error in
            let message = OpenSwiftDataError(explaining: error)?.description ?? ""
            return message.contains("it is read-only (on read-only media") && message.contains("The store was not changed")
                && !message.contains("allowsSave")
        }
    }
}

extension ReadOnlyMediaTests {
    /// It said "SQLite cannot open the file (a symbolic link that points back to itself, a
    /// name too long, or a folder this user may not enter)".
    @Test func aNewStoreInAFolderOnReadOnlyMediaIsRefusedSayingSo() throws {
        let mount = try ReadOnlyMount { _ in }
        let store = mount.mountPoint.appendingPathComponent("new.store")
        #expect {
            _ = try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)])
        } throws: { error in
            let message = "\(error)"
            return message.contains("its folder is on read-only media") && message.contains("where a new store cannot be made")
                && !message.contains("points back to itself")
        }
        #expect(!FileManager.default.fileExists(atPath: mount.source.directory.appendingPathComponent("new.store").path))
    }
}

/// A directory holding a store, bind-mounted read-only elsewhere; unmounted and removed
/// when released.
final class ReadOnlyMount {
    let source: TestStore
    let mountPoint: URL
    var store: URL { mountPoint.appendingPathComponent(source.url.lastPathComponent) }

    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = TestStore()
        let point = probe.directory.appendingPathComponent("mount")
        guard (try? FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)) != nil,
              ChildProcess.succeeds(["mount", "--bind", probe.directory.path, point.path]) else { return false }
        defer { _ = ChildProcess.succeeds(["umount", point.path]) }
        return ChildProcess.succeeds(["mount", "-o", "remount,bind,ro", point.path])
    }()

    convenience init(withTags labels: [String]) throws {
        try self.init { source in
            let context = ModelContext(try source.container(Tag.self))
            for label in labels { context.insert(Tag(label: label)) }
            try context.save()
        }
    }

    /// A mount of the directory that holds the store `write` makes at its store's URL.
    init(holding write: (TestStore) throws -> Void) throws {
        source = TestStore()
        try write(source)
        mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("OpenSwiftDataTests-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard ChildProcess.succeeds(["mount", "--bind", source.directory.path, mountPoint.path]),
              ChildProcess.succeeds(["mount", "-o", "remount,bind,ro", mountPoint.path]) else {
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    func container() throws -> ModelContainer {
        try ModelContainer(for: Schema([Tag.self]), configurations: [ModelConfiguration(url: store)])
    }

    deinit {
        _ = ChildProcess.succeeds(["umount", mountPoint.path])
        try? FileManager.default.removeItem(at: mountPoint)
    }
}
