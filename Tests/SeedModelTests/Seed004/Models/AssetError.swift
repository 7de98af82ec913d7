import Foundation

/// Why an asset cannot be saved.
enum AssetError: LocalizedError, Equatable {
    case emptyName
    case duplicateIdentity(name: String, platform: String)

    var errorDescription: String? {
        switch self {
        case .emptyName:
            return "Asset name cannot be empty."
        case let .duplicateIdentity(name, platform):
            return platform.isEmpty
                ? "An asset named '\(name)' already exists without a platform."
                : "An asset named '\(name)' on platform '\(platform)' already exists."
        }
    }
}
