import Foundation
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

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
        let header = try readHeader(path, size: size)
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

    /// The file's first bytes, up to 100, read through SQLite's own file layer, not a
    /// descriptor of this code's: closing any descriptor of a file drops every POSIX lock
    /// this process holds on it, and each connection to a WAL store holds one for as long as
    /// it is open, which tells another process closing its last connection that it is not
    /// the last. A store this process already has open would lose it, and that process
    /// would delete the `-wal` and `-shm` files in use here. SQLite's layer keeps a
    /// descriptor it closes open until this process's locks on the file are released.
    private static func readHeader(_ path: String, size: Int) throws -> [UInt8] {
        guard let vfs = sqlite3_vfs_find(nil), let openFile = vfs.pointee.xOpen, let fullPathname = vfs.pointee.xFullPathname else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .unreadable("SQLite has no file layer to read it with"))
        }
        // The file layer opens no symbolic link: SQLite gives it the path with links followed.
        var name = [CChar](repeating: 0, count: Int(vfs.pointee.mxPathname) + 1)
        let resolved = fullPathname(vfs, path, Int32(name.count), &name)
        // SQLITE_OK, or SQLITE_OK_SYMLINK when it followed a link.
        guard resolved & 0xff == SQLITE_OK else {
            throw OpenSwiftDataError.storeDamaged(path: path, reason: .unreadable("SQLite cannot follow its path (result \(resolved))"))
        }
        let byteCount = Int(vfs.pointee.szOsFile)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        let file = storage.bindMemory(to: sqlite3_file.self, capacity: 1)
        // SQLite keeps the name until the file is closed.
        return try name.withUnsafeBufferPointer { buffer in
            let name = buffer.baseAddress
            var flags: Int32 = 0
            let opened = openFile(vfs, name, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB, &flags)
            guard opened == SQLITE_OK, let methods = file.pointee.pMethods else {
                if let methods = file.pointee.pMethods { _ = methods.pointee.xClose(file) }
                let reason = access(path, R_OK) == 0 ? "SQLite cannot open it (result \(opened))" : String(cString: strerror(errno))
                throw OpenSwiftDataError.storeDamaged(path: path, reason: .unreadable(reason))
            }
            defer { _ = methods.pointee.xClose(file) }
            var bytes = [UInt8](repeating: 0, count: 100)
            let read = bytes.withUnsafeMutableBytes { methods.pointee.xRead(file, $0.baseAddress, 100, 0) }
            // A file shorter than 100 bytes is a short read (SQLITE_IOERR_SHORT_READ), the rest zeros.
            guard read == SQLITE_OK || read == SQLITE_IOERR | (2 << 8) else {
                throw OpenSwiftDataError.storeDamaged(path: path, reason: .unreadable("SQLite cannot read it (result \(read))"))
            }
            return Array(bytes.prefix(min(size, 100)))
        }
    }

    private static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
