import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation
import OpenSwiftData

/// `--store PATH`, taken by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store file.", valueName: "path"),
            completion: .file())
    var path: String?

    var url: URL {
        guard let path else { return CardShowStore.defaultURL }
        return URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }

    /// Whether there is a file at the store's path.
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Opens the store and a context on it. Only a command that adds something creates a
    /// missing store (`creating`): any other refuses, so that a mistyped --store creates
    /// no empty store and no folders. An empty file is refused too: SQLite would take it
    /// as a new database, but at a path the user named it is more likely a mistake (a
    /// file truncated or made by another program) than a store.
    func open(creating: Bool = false) throws -> ModelContext {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw StoreProblem.folder(path: url.path) }
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            if attributes?[.size] as? Int == 0, !Self.isBeingCreated(url, modified: attributes?[.modificationDate] as? Date) {
                throw StoreProblem.emptyFile(path: url.path)
            }
        } else if !creating {
            throw StoreProblem.missing(path: url.path)
        }
        return ModelContext(try CardShowStore.container(at: url))
    }

    /// Whether an empty file is a store another cardshow is creating at this moment:
    /// SQLite creates a new store as an empty file and writes its first page at its
    /// first commit, milliseconds later, or it already has a write-ahead log.
    static func isBeingCreated(_ url: URL, modified: Date?) -> Bool {
        let log = (try? FileManager.default.attributesOfItem(atPath: url.path + "-wal"))?[.size] as? Int ?? 0
        return log > 0 || Date().timeIntervalSince(modified ?? .distantPast) < 5
    }
}
