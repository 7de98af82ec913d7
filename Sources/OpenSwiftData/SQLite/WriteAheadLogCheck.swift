import Foundation

/// Whether the `-wal` beside a store file was written for that file, as far as the two
/// files can tell: SQLite applies any log whose frames are intact to whatever file is
/// beside it, so a store file replaced (restored from a copy, overwritten by another
/// store) while its log was kept would silently take the old log's pages.
///
/// SQLite's formats do not link a log to its file (https://www.sqlite.org/fileformat2.html,
/// sections 1.3 and 4), so two signs are checked, each impossible for a log written for
/// the file: the log's page size differs from the file's, or the file has more pages than
/// the database had at the log's last commit (the file takes its pages from the log, and
/// a database only shrinks by `VACUUM`, which the engine never runs). A file replaced by
/// an older or smaller copy shows neither sign and is opened with the log's pages.
enum WriteAheadLogCheck {
    private static let headerSize = 32
    private static let frameHeaderSize = 24

    /// True when the log at `walPath` cannot have been written for a file of `fileSize`
    /// bytes whose pages are of `pageSize` bytes.
    static func isFromAnotherFile(walPath: String, fileSize: Int, pageSize: Int) -> Bool {
        guard let log = try? Data(contentsOf: URL(fileURLWithPath: walPath), options: .alwaysMapped),
              log.count >= headerSize else { return false }
        return log.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let magic = word(bytes, 0)
            guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return false }
            let bigEndianSums = magic == 0x377F_0683
            let rawLogPageSize = Int(word(bytes, 8))
            let logPageSize = rawLogPageSize == 1 ? 65_536 : rawLogPageSize
            guard logPageSize >= 512, logPageSize & (logPageSize - 1) == 0 else { return false }
            var sums = checksum(bytes, 0, 24, bigEndian: bigEndianSums, from: (0, 0))
            // A log whose header is not intact holds no frames SQLite would use.
            guard sums.0 == word(bytes, 24), sums.1 == word(bytes, 28) else { return false }
            let salts = (word(bytes, 16), word(bytes, 20))
            var offset = headerSize
            var committedPageCount: Int?
            while offset + frameHeaderSize + logPageSize <= bytes.count {
                guard word(bytes, offset + 8) == salts.0, word(bytes, offset + 12) == salts.1 else { break }
                sums = checksum(bytes, offset, 8, bigEndian: bigEndianSums, from: sums)
                sums = checksum(bytes, offset + frameHeaderSize, logPageSize, bigEndian: bigEndianSums, from: sums)
                guard sums.0 == word(bytes, offset + 16), sums.1 == word(bytes, offset + 20) else { break }
                // A commit frame records the database's size in pages after its commit.
                let pageCount = word(bytes, offset + 4)
                if pageCount != 0 { committedPageCount = Int(pageCount) }
                offset += frameHeaderSize + logPageSize
            }
            // A log that commits nothing is ignored by SQLite, whatever file it is beside.
            guard let committedPageCount else { return false }
            return logPageSize != pageSize || fileSize / pageSize > committedPageCount
        }
    }

    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// SQLite's log checksum over `count` bytes (a multiple of 8) at `offset`, continuing `sums`.
    private static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int, bigEndian: Bool,
                                 from sums: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s0, s1) = sums
        var index = offset
        let end = offset + count
        while index < end {
            let x0 = bigEndian ? word(bytes, index) : word(bytes, index).byteSwapped
            let x1 = bigEndian ? word(bytes, index + 4) : word(bytes, index + 4).byteSwapped
            s0 = s0 &+ x0 &+ s1
            s1 = s1 &+ x1 &+ s0
            index += 8
        }
        return (s0, s1)
    }
}
