import Foundation
import OpenSwiftDataSync
#if canImport(Glibc)
import Glibc
#endif

/// A sync's progress on standard error: a bar while a large upload is sent, a running
/// count while changes are downloaded, and nothing for a sync too short to watch, or
/// when standard error is not a terminal.
enum SyncProgressLine {
    /// `folder`: the folder of the store, whose syncs take turns.
    static func show(_ statuses: AsyncStream<SyncStatus>, folder: String?) async {
        let upload = ProgressBar("Uploading")
        var downloadShown = false
        for await status in statuses {
            guard case .syncing(let progress) = status else { continue }
            switch progress.phase {
            case .waiting:
                // Said whatever standard error is: without it a sync that waits looks hung.
                let place = folder.map { " (or of another store in \(TerminalText.quoted($0)))" } ?? ""
                StandardError.write(Data(("Waiting for another sync of this store\(place) to finish: syncs of the stores in one folder take turns. "
                                          + "If none is running, another program holds the folder's lock.\n").utf8))
            case .uploading:
                if let total = progress.totalChanges, total >= ProgressBar.threshold {
                    upload.update(progress.completedChanges, of: total)
                }
            case .downloading where progress.completedChanges >= ProgressBar.threshold && isatty(STDERR_FILENO) == 1:
                downloadShown = true
                StandardError.write(Data("\rDownloading: \(progress.completedChanges) changes".utf8))
            case .applying where downloadShown:
                downloadShown = false
                StandardError.write(Data("\rDownloaded \(progress.totalChanges ?? progress.completedChanges) changes; applying them…\n".utf8))
            default:
                continue
            }
        }
    }
}
