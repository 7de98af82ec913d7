import Foundation

/// A file's bytes and modification time, to show that opening a store changed neither.
struct FileState: Equatable {
    let bytes: Data
    let modified: Date

    /// The state of the file at `path`, nil when there is none (or it cannot be read).
    init?(_ path: String) {
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)),
              let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return nil }
        self.bytes = bytes
        self.modified = modified
    }

    /// The store file, its `-wal` and its `-shm`.
    static func store(_ url: URL) -> [String: FileState?] {
        Dictionary(uniqueKeysWithValues: ["", "-wal", "-shm"].map { ($0, FileState(url.path + $0)) })
    }
}
