import Foundation

/// Where and how a container stores its models.
public struct ModelConfiguration: Identifiable, Hashable, Sendable, CustomDebugStringConvertible {
    /// Identifies the configuration; in-memory stores with different names never share data.
    public let name: String
    /// The store file. In-memory configurations report the file they would use.
    public let url: URL
    /// True for a store in memory that ends with the container.
    public let isStoredInMemoryOnly: Bool
    /// When false, `save()` throws and the store is opened read-only.
    public let allowsSave: Bool
    /// The models this configuration stores; nil means the container's whole schema.
    public var schema: Schema?
    /// The group whose folder holds the store (see ``GroupContainer``).
    public let groupContainer: GroupContainer
    /// The CloudKit database named for sync, recorded only: stores here are local
    /// (see ``CloudKitDatabase``).
    public let cloudKitDatabase: CloudKitDatabase
    /// Whether saves record their changes in the store's history (see <doc:History>).
    /// On by default, as in SwiftData; a program that never reads history can turn it
    /// off to save a row per changed model (and, for updates, a comparison) per save.
    public var recordsHistory = true
    /// Whether the first write of this container reads the whole store file first and
    /// refuses to write to a store with a damaged page (``OpenSwiftDataError/storeDamaged(path:reason:)``).
    ///
    /// Off by default: a damaged page is otherwise found only by the statement that
    /// reads it, and the check costs a read of the whole file (about 0.1 s for 40 MB),
    /// once per container. A command-line tool, which opens its store once per command,
    /// can afford it and should not write further into a damaged store.
    public var checksIntegrityBeforeFirstWrite = false
    /// Whether the store's file is named after `name` (not given by a URL).
    let nameIsFileName: Bool

    /// The store's file, as in SwiftData; in-memory configurations, which have no
    /// file, are told apart by name (`memory:<name>`).
    public var id: URL { isStoredInMemoryOnly ? URL(string: "memory:\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "default")") ?? url : url }

    /// The configuration's name, location and options.
    public var debugDescription: String {
        "ModelConfiguration(\(name), " + (isStoredInMemoryOnly ? "in memory" : url.path) + (allowsSave ? "" : ", read-only") + ")"
    }

    /// Throws ``SwiftDataError`` (with an ``OpenSwiftDataError/invalidConfiguration(name:problem:)``
    /// explanation) when the name cannot be a store's file name; `ModelContainer` calls it.
    public func validate() throws {
        if let problem = nameProblem {
            throw SwiftDataError(openingStore: .invalidConfiguration(name: name, problem: problem))
        }
    }

    var nameProblem: ConfigurationProblem? {
        guard nameIsFileName else { return nil }
        if name.unicodeScalars.contains(where: { $0 == "/" || $0.properties.generalCategory == .control }) {
            return .nameHasInvalidCharacters
        }
        let bytes = name.utf8.count + ".store".utf8.count
        return bytes > 255 ? .nameTooLong(bytes: name.utf8.count) : nil
    }

    /// The name of the group whose folder holds the store, if one was named.
    public var groupAppContainerIdentifier: String? { groupContainer.identifier }
    /// The CloudKit container named for sync, if one was.
    public var cloudKitContainerIdentifier: String? { cloudKitDatabase.containerIdentifier }

    /// A store named `<name>.store` (`default.store` without a name) in the
    /// application-support directory, or in a group's folder there, or in memory.
    public init(_ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
                groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
        self.nameIsFileName = !isStoredInMemoryOnly
        let directory = groupContainer.identifier.map { ModelConfiguration.defaultDirectory.appendingPathComponent($0, isDirectory: true) }
            ?? ModelConfiguration.defaultDirectory
        self.url = directory.appendingPathComponent("\(name ?? "default").store")
    }

    /// A store in the file at `url`.
    public init(_ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true,
                cloudKitDatabase: CloudKitDatabase = .automatic) {
        self.name = name ?? url.deletingPathExtension().lastPathComponent
        self.schema = schema
        self.url = url
        self.isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        self.groupContainer = .none
        self.cloudKitDatabase = cloudKitDatabase
        self.nameIsFileName = false
    }

    /// A configuration for the given models, in the default store or in memory.
    @_disfavoredOverload
    public init(for types: any PersistentModel.Type..., isStoredInMemoryOnly: Bool = false) {
        self.init(schema: Schema(types), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// The platform's application-support directory: `~/Library/Application Support`
    /// on Apple platforms, `$XDG_DATA_HOME` or `~/.local/share` on Linux.
    public static var defaultDirectory: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
    }

    /// Two configurations are equal when all their settings are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave
    }

    /// Hashes the settings, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
    }
}
