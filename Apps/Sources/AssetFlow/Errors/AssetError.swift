import Foundation

/// Why an asset operation was refused; nothing was changed.
public enum AssetError: LocalizedError, Equatable, Sendable {
    case emptyName
    case duplicateIdentity(name: String, platform: String)
    case notFound(name: String, platform: String)
    case invalidCurrency(String)
    /// Three letters, but no currency of ISO 4217 in use.
    case unknownCurrency(String)
    case emptyPlatform
    /// The asset has values recorded in these snapshots (`.deny`).
    case hasValues(asset: String, snapshots: [String])

    public var errorDescription: String? {
        switch self {
        case .emptyName: "An asset needs a name."
        case let .duplicateIdentity(name, platform):
            platform.isEmpty ? "An asset named '\(name)' without a platform already exists (names ignore case and spacing)."
                             : "An asset named '\(name)' on '\(platform)' already exists (names ignore case and spacing)."
        case let .notFound(name, platform):
            "There is no asset named '\(name)'\(platform.isEmpty ? " without a platform" : " on '\(platform)'"). List them with `assetflow asset list`."
        case let .invalidCurrency(code): "'\(code)' is not a currency code: use three letters, such as USD or TWD."
        case let .unknownCurrency(code):
            "'\(code)' is not a currency in use (ISO 4217): use a code such as USD, EUR or TWD."
        case .emptyPlatform: "A platform's name cannot be empty: leave --platform out for an asset without a platform."
        case let .hasValues(asset, snapshots):
            "The asset '\(asset)' has values in \(snapshots.count) snapshot\(snapshots.count == 1 ? "" : "s") (\(snapshots.joined(separator: ", "))). "
                + "Remove its values from those snapshots first, or delete the snapshots."
        }
    }
}
