import Foundation
import OpenSwiftData
import Testing

/// The app-group and CloudKit options of SwiftData's `ModelConfiguration`, as apps'
/// container-setup files spell them.
@Suite struct ModelConfigurationTests {
    @Test func aLocalOnlyCloudKitOptionCompilesAndStoresLocally() throws {
        let store = TestStore()
        let configuration = ModelConfiguration(schema: Schema([Tag.self]), url: store.url, cloudKitDatabase: .none)
        let context = ModelContext(try ModelContainer(for: Schema([Tag.self]), configurations: [configuration]))
        context.insert(Tag(label: "local"))
        try context.save()
        #expect(configuration.cloudKitContainerIdentifier == nil)
        #expect(FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test func aPrivateCloudKitDatabaseIsRecordedAndTheStoreStaysLocal() throws {
        let store = TestStore()
        let configuration = ModelConfiguration(url: store.url, cloudKitDatabase: .private("iCloud.com.example.app"))
        let context = ModelContext(try ModelContainer(for: Schema([Tag.self]), configurations: [configuration]))
        context.insert(Tag(label: "synced elsewhere"))
        try context.save()
        #expect(configuration.cloudKitContainerIdentifier == "iCloud.com.example.app")
        #expect(try ModelContext(context.container).fetchCount(FetchDescriptor<Tag>()) == 1)
    }

    @Test func aGroupContainerPutsTheStoreInTheGroupsFolder() {
        let configuration = ModelConfiguration("Shared", schema: Schema([Tag.self]), isStoredInMemoryOnly: false,
                                               groupContainer: .identifier("group.com.example.app"), cloudKitDatabase: .none)
        #expect(configuration.groupAppContainerIdentifier == "group.com.example.app")
        #expect(configuration.url == ModelConfiguration.defaultDirectory
            .appendingPathComponent("group.com.example.app", isDirectory: true).appendingPathComponent("Shared.store"))
    }

    @Test func noGroupContainerKeepsTheStoreInTheDefaultDirectory() {
        let configuration = ModelConfiguration(groupContainer: .none)
        #expect(configuration.groupAppContainerIdentifier == nil)
        #expect(configuration.url == ModelConfiguration.defaultDirectory.appendingPathComponent("default.store"))
    }

    @Test func aConfigurationIsIdentifiedByItsStoreFile() {
        let url = URL(fileURLWithPath: "/tmp/identified.store")
        #expect(ModelConfiguration(url: url).id == url)
        #expect(ModelConfiguration("a", isStoredInMemoryOnly: true).id != ModelConfiguration("b", isStoredInMemoryOnly: true).id)
    }

    @Test func aConfigurationsSchemaCanBeSetAfterItIsMade() {
        var configuration = ModelConfiguration(isStoredInMemoryOnly: true)
        configuration.schema = Schema([Reading.self])
        #expect(configuration.schema?.entities.map(\.name) == ["Reading"])
    }

    @Test func aConfigurationsDebugDescriptionNamesItsStore() {
        let configuration = ModelConfiguration(url: URL(fileURLWithPath: "/tmp/described.store"), allowsSave: false)
        #expect(configuration.debugDescription.contains("/tmp/described.store"))
        #expect(configuration.debugDescription.contains("read-only"))
    }
}
