import Foundation
import OpenSwiftData

extension SyncServer {
    /// Removes every account's log entries recorded before `date`; returns how many.
    ///
    /// The accounts' current state is kept whole (every model, its values and their
    /// clocks, and each deleted or merged model's mark), so nothing a device needs is
    /// lost: a device whose cursor is before the removed entries is sent that state, in
    /// pages, as a full download (``SyncDownloadPage/isFullDownload``), then the log
    /// after it. A server that runs this daily with a date a month back keeps a month of
    /// changes; a device offline for longer downloads the account once.
    @discardableResult
    public func compactLog(recordedBefore date: Date) throws -> Int {
        let context = ModelContext(modelContainer)
        var removed = 0
        // In runs, so that a large log is never held in memory at once. Each run's save
        // raises the accounts' marks with its deletes: a device downloading between two runs
        // must not read the log past entries already gone, unaware they were there.
        var descriptor = FetchDescriptor<SyncServerLogEntry>(predicate: #Predicate { $0.recordedAt < date },
                                                             sortBy: [SortDescriptor(\.sequence)])
        descriptor.fetchLimit = 1_000
        while true {
            let entries = try context.fetch(descriptor)
            if entries.isEmpty { break }
            var removedThrough: [String: Int64] = [:]
            for entry in entries {
                removedThrough[entry.account] = max(removedThrough[entry.account] ?? 0, entry.sequence)
                context.delete(entry)
            }
            try raiseMarks(to: removedThrough, in: context)
            removed += entries.count
            try context.save()
        }
        return removed
    }

    /// Records that each account's log was compacted through the position given.
    private func raiseMarks(to removedThrough: [String: Int64], in context: ModelContext) throws {
        for (account, sequence) in removedThrough {
            let marks = try context.fetch(FetchDescriptor<SyncServerCompaction>(predicate: #Predicate { $0.account == account }))
            if let mark = marks.first {
                mark.compactedThrough = max(mark.compactedThrough, sequence)
            } else {
                context.insert(SyncServerCompaction(account: account, compactedThrough: sequence))
            }
        }
    }

    /// The last log position compaction removed from the account's log (0: none).
    static func compactedThrough(account: String, in context: ModelContext) throws -> Int64 {
        try context.fetch(FetchDescriptor<SyncServerCompaction>(predicate: #Predicate { $0.account == account })).first?.compactedThrough ?? 0
    }
}
