import Foundation

/// Why a category cannot be saved.
enum CategoryError: LocalizedError, Equatable {
    case emptyName
    case duplicateName(String)
    case invalidTargetAllocation

    var errorDescription: String? {
        switch self {
        case .emptyName: return "Category name cannot be empty."
        case let .duplicateName(name): return "A category named '\(name)' already exists."
        case .invalidTargetAllocation: return "Target allocation must be between 0% and 100%."
        }
    }
}
