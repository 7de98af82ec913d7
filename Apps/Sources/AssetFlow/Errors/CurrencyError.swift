import Foundation

/// A conversion between currencies that the rates cannot make.
public enum CurrencyError: LocalizedError, Equatable, Sendable {
    case unknownCurrency(String, known: [String])

    public var errorDescription: String? {
        switch self {
        case let .unknownCurrency(code, known):
            "There is no exchange rate for \(code); the rates know \(known.joined(separator: ", ")). Add it with `assetflow snapshot rates`."
        }
    }
}
