import Foundation

/// Why a cash flow operation cannot be saved.
enum CashFlowOperationError: LocalizedError, Equatable {
    case duplicateDescription(String)

    var errorDescription: String? {
        switch self {
        case let .duplicateDescription(description):
            return "This snapshot already has a cash flow named '\(description)'."
        }
    }
}
