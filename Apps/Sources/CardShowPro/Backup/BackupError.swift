import Foundation

/// Why a backup or restore did not happen. Neither ever leaves the live store changed
/// when it fails.
public enum BackupError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    case noStore(path: String)
    /// The store to back up is not one this version can back up; `reason` says why.
    case storeNotBackedUp(path: String, reason: String)
    case notAStore(path: String, reason: String)
    case damaged(path: String, reason: String)
    case newerVersion(path: String, version: String)
    case unreadable(path: String, reason: String)
    case sameFile(path: String)
    case failed(String)
    /// The store cannot take the backup's contents; `reason` says why.
    case storeNotRestored(path: String, reason: String)
    case restoreFailed(String)

    public var description: String {
        switch self {
        case let .noStore(path):
            "There is no store at \(path)."
        case let .storeNotBackedUp(path, reason):
            "Cannot back up \(path): \(reason). Nothing was changed."
        case let .notAStore(path, reason):
            "\(path) is not a CardShow Pro backup: \(reason). Nothing was changed."
        case let .damaged(path, reason):
            "The backup \(path) is damaged (\(reason)). Nothing was changed."
        case let .newerVersion(path, version):
            "The backup \(path) was made by a newer CardShow Pro (schema \(version)); update CardShow Pro to restore it. Nothing was changed."
        case let .unreadable(path, reason):
            "The backup \(path) cannot be opened by this version of CardShow Pro: \(reason). Nothing was changed."
        case let .sameFile(path):
            "The backup and the store are the same file (\(path))."
        case let .failed(reason):
            "Backup failed: \(reason)."
        case let .storeNotRestored(path, reason):
            "Cannot restore into \(path): \(reason). Nothing was changed."
        case let .restoreFailed(reason):
            "Restore failed: \(reason)."
        }
    }

    public var errorDescription: String? { description }
}
