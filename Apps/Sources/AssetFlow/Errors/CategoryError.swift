import Foundation

/// Why a category operation was refused; nothing was changed.
public enum CategoryError: LocalizedError, Equatable, Sendable {
    case emptyName
    case duplicateName(String)
    case invalidTargetAllocation(String)
    case notFound(String)
    /// The category still holds these assets (`.deny`).
    case hasAssets(category: String, assets: [String])
    /// The name the report gives the assets in no category (``Valuation/uncategorized``).
    case reservedName(String)

    public var errorDescription: String? {
        switch self {
        case .emptyName: "A category needs a name."
        case let .duplicateName(name): "A category named '\(name)' already exists (names ignore case and spacing)."
        case let .invalidTargetAllocation(value): "The target allocation \(value) is not between 0% and 100%."
        case let .notFound(name): "There is no category named '\(name)'. List them with `assetflow category list`."
        case let .hasAssets(category, assets):
            "The category '\(category)' still holds \(assets.count) asset\(assets.count == 1 ? "" : "s"): \(assets.joined(separator: ", ")). "
                + "Move them to another category first, or delete it with --reassign-to OTHER."
        case let .reservedName(name):
            "'\(name)' is what the report calls the assets in no category, so a category of that name would be shown twice there.\n"
                + "Give the category another name."
        }
    }
}
