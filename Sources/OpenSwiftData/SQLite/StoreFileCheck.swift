import Foundation
import GRDB

/// Checks an existing store file before SQLite opens it, so that a damaged file is
/// reported as ``OpenSwiftDataError/storeDamaged(path:reason:)`` and left exactly as it
/// is: SQLite, given a file whose header it cannot read, may still delete or rewrite
/// the `-wal` beside it when the connection closes, which loses the last saves.
///
/// It costs one `stat` and one read of the 100-byte header, as it runs on every open
/// (see the SQLite file format, https://www.sqlite.org/fileformat2.html, section 1.3),
/// and a read of the `-wal` when one with frames is beside the file (left by a crash).
enum StoreFileCheck {
    /// How long a zero-length file may be the store another connection is creating:
    /// SQLite creates the file empty and writes its first page at the first commit,
    /// which follows within milliseconds.
    static let creationGrace: TimeInterval = 5

    private static let magic = Array("SQLite format 3\u{0}".utf8)

    static func check(_ url: URL, now: Date = Date()) throws {
        let path = url.path
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // absent: a new store
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .isDirectory)
        }
        // A named pipe would block the header's read (and SQLite's) for ever.
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .unreadable("it is a named pipe, socket or device, not a file"))
        }
        let size = Int(status.st_size)
        let walSize = fileSize(path + "-wal")
        if size == 0 {
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if walSize > 0 || now.timeIntervalSince(modified ?? .distantPast) < creationGrace { return }
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .empty)
        }
        let header = try readHeader(path)
        guard header.count >= magic.count, Array(header.prefix(magic.count)) == magic else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .notSQLite)
        }
        guard header.count >= 100 else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .truncated(expectedBytes: 100, actualBytes: size))
        }
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        // SQLite's header with a page size SQLite never writes: the header was damaged.
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .corrupt)
        }
        // The header's page count is valid only when its change counter equals the
        // "version-valid-for" number; a non-empty WAL may hold the pages of a
        // checkpoint that a crash interrupted, which SQLite restores on open.
        let pageCount = bigEndian(header, 28), changeCounter = bigEndian(header, 24), validFor = bigEndian(header, 92)
        if pageCount > 0, changeCounter == validFor, walSize == 0, size < pageCount * pageSize {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .truncated(expectedBytes: pageCount * pageSize, actualBytes: size))
        }
        // A store is in WAL mode from its first open (bytes 18 and 19 are 2); a database
        // in a rollback journal's mode whose tables are none of a store's is another
        // program's, refused before the open that would switch it to WAL.
        if header[18] == 1, header[19] == 1, let others = tablesOfAnotherProgram(path) {
            throw OpenSwiftDataError.storeHoldsOtherData(path: path, names: others)
        }
        // The file's size was read first: a log another process writes meanwhile commits
        // a database at least as large (see `WriteAheadLogCheck`).
        if walSize > 0, WriteAheadLogCheck.isFromAnotherFile(walPath: path + "-wal", fileSize: size, pageSize: pageSize) {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .logFromAnotherFile)
        }
    }

    /// The tables of a database none of whose tables is a store's (`Z_` tables, or
    /// tables with a `Z_PK` key), read without changing it; nil when it has no tables,
    /// has a store's, or cannot be read that way (SQLite then says why when it opens it).
    private static func tablesOfAnotherProgram(_ path: String) -> [String]? {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        defer { try? queue.close() }
        let tables = try? queue.read { db -> [String]? in
            let names = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
                """)
            for name in names where name.hasPrefix("Z_") { return nil }
            for name in names where try db.columns(in: name).contains(where: { $0.name == "Z_PK" }) { return nil }
            return names.isEmpty ? nil : names
        }
        return tables ?? nil
    }

    private static func readHeader(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        guard count >= 0 else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        return Array(bytes.prefix(count))
    }

    private static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
