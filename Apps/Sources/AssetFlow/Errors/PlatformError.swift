import Foundation

/// Why a platform operation was refused; nothing was changed.
public enum PlatformError: LocalizedError, Equatable, Sendable {
    case notFound(String)
    /// Renaming would give two assets the same identity.
    case renameCollides(from: String, to: String, asset: String)

    public var errorDescription: String? {
        switch self {
        case let .notFound(platform): "No asset is on the platform '\(platform)'."
        case let .renameCollides(from, to, asset):
            "Renaming the platform '\(from)' to '\(to)' would make two assets named '\(asset)' on '\(to)'. Rename or delete one of them first."
        }
    }
}
