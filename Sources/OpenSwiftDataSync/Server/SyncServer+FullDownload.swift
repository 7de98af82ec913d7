import Foundation
import OpenSwiftData

extension SyncServer {
    /// Where the request's full download stands: the position it carries, or a new one
    /// when its cursor is before what compaction removed; nil for a download of the log.
    func fullDownloadPosition(for request: SyncDownloadRequest, in context: ModelContext) throws -> SyncFullDownloadPosition? {
        if let position = request.fullDownload {
            guard position.sent >= 0, position.through >= 0 else {
                throw SyncError.invalidChange("the download asked to go on from a position the server never gives (\(position.sent) models sent); start it again from the device's cursor.")
            }
            return position
        }
        let account = request.account
        let compacted = try Self.compactedThrough(account: account, in: context)
        guard request.cursor < compacted else { return nil }
        var last = FetchDescriptor<SyncServerLogEntry>(predicate: #Predicate { $0.account == account },
                                                       sortBy: [SortDescriptor(\.sequence, order: .reverse)])
        last.fetchLimit = 1
        return SyncFullDownloadPosition(through: max(try context.fetch(last).first?.sequence ?? 0, compacted), sent: 0)
    }

    /// One page of the account's models as the server holds them, in the order of their
    /// sync IDs: a live model as an insert of every value with its clock, a deleted one
    /// as its delete, a merged one as its merge. After the last page the cursor is the
    /// position the download began at, and the log goes on from there.
    func fullDownloadPage(account: String, at position: SyncFullDownloadPosition, limit: Int,
                          in context: ModelContext) throws -> SyncDownloadPage {
        var descriptor = FetchDescriptor<SyncServerRecord>(predicate: #Predicate { $0.account == account },
                                                           sortBy: [SortDescriptor(\.syncID)])
        descriptor.fetchOffset = position.sent
        descriptor.fetchLimit = limit + 1
        let fetched = try context.fetch(descriptor)
        let records = fetched.prefix(limit)
        let live = records.filter { !$0.isGone && $0.mergedInto == nil }.map(\.syncID)
        var values: [UUID: [String: SyncStampedValue]] = [:]
        if !live.isEmpty {
            let decoder = JSONDecoder()
            for property in try context.fetch(FetchDescriptor<SyncServerProperty>(
                predicate: #Predicate { $0.account == account && live.contains($0.syncID) })) {
                guard let clock = HLCTimestamp(property.clock) else {
                    throw SyncError.invalidChange("the clock of \(property.name) of model \(property.syncID) in account \(account) could not be read.")
                }
                let value: SyncValue
                do {
                    value = try SyncValue.read(property.value, decoder: decoder)
                } catch {
                    throw SyncError.invalidChange("the value of \(property.name) of model \(property.syncID) in account \(account) could not be read (\(error)).")
                }
                values[property.syncID, default: [:]][property.name] = SyncStampedValue(value, at: clock)
            }
        }
        let changes = records.map { record in
            if record.isGone {
                SyncChange(entityName: record.entityName, syncID: record.syncID, kind: .delete)
            } else if let target = record.mergedInto {
                SyncChange(entityName: record.entityName, syncID: record.syncID, kind: .merge, mergedInto: target)
            } else {
                SyncChange(entityName: record.entityName, syncID: record.syncID, kind: .insert, values: values[record.syncID] ?? [:])
            }
        }
        if fetched.count > limit {
            let next = SyncFullDownloadPosition(through: position.through, sent: position.sent + records.count)
            return SyncDownloadPage(changes: changes, cursor: 0, hasMore: true, isFullDownload: true, fullDownload: next)
        }
        let through = position.through
        var after = FetchDescriptor<SyncServerLogEntry>(predicate: #Predicate { $0.account == account && $0.sequence > through })
        after.fetchLimit = 1
        return SyncDownloadPage(changes: changes, cursor: through, hasMore: try !context.fetch(after).isEmpty,
                                isFullDownload: true, fullDownload: nil)
    }
}
