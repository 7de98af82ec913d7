import Foundation

/// Why a template sync was refused; nothing was changed.
public enum TemplateSyncError: LocalizedError, Equatable, Sendable {
    /// The file's `dataVersion` is older than the one last synced.
    case olderThanLastSynced(version: String, lastSynced: String)
    /// The file lists none of the templates of the wallet's benefits: every one of them
    /// (`benefits`) would be retired.
    case wouldRetireEverything(benefits: Int)

    public var errorDescription: String? {
        switch self {
        case let .olderThanLastSynced(version, lastSynced):
            "The template file is data version \(version), older than \(lastSynced), the version the wallet was last "
                + "brought up to. Nothing was changed; give a file of that version or newer."
        case let .wouldRetireEverything(benefits):
            "The template file lists none of the templates of the wallet's \(benefits) benefits: syncing it would retire every one. "
                + "Nothing was changed; check that it is the right file. To drop a card, remove it (coupontracker remove NAME)."
        }
    }

    /// Whether data version `version` is older than `other`: both compared as their runs of
    /// digits ("2026.01.18" < "2026.02.01" < "2026.10"). Versions without digits are never older.
    public static func isOlder(_ version: String, than other: String) -> Bool {
        let mine = numbers(in: version), theirs = numbers(in: other)
        guard !mine.isEmpty, !theirs.isEmpty else { return false }
        for (a, b) in zip(mine, theirs) where a != b { return a < b }
        return mine.count < theirs.count
    }

    private static func numbers(in version: String) -> [Int] {
        version.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0.prefix(18)) }
    }
}
