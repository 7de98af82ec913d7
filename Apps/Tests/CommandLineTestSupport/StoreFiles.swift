import Foundation

/// The bytes of a store file and its write-ahead log: what "the store did not change" compares.
public struct StoreFiles: Equatable, Sendable {
    public let main: Data?
    public let log: Data?

    public init(at path: String) {
        main = FileManager.default.contents(atPath: path)
        // An empty log holds nothing: SQLite may leave one behind after a read.
        let log = FileManager.default.contents(atPath: path + "-wal")
        self.log = log?.isEmpty == true ? nil : log
    }
}
