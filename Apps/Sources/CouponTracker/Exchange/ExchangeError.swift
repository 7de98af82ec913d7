import Foundation
import JSONText

/// Why an import was refused; nothing was imported.
public enum ExchangeError: LocalizedError, Equatable, Sendable {
    case unreadable(file: String)
    case notJSON(file: String, line: Int, reason: String)
    case numberDoesNotFit(file: String)
    /// Nothing but white space in the file.
    case emptyFile(file: String)
    case invalid(file: String, keyPath: String, problem: String)
    case unsupportedVersion(Int)
    case cardExists(name: String, id: UUID)
    /// Two records of the export have one id: at `keyPath` and, before it, at `firstKeyPath`.
    case duplicateID(UUID, keyPath: String, firstKeyPath: String)
    case unknownBenefit(card: String, benefitId: UUID)
    /// A record the wallet's rules refuse, at `keyPath` (such as `cards[0].benefits[2]`).
    case invalidRecord(keyPath: String, problem: String)
    /// An amount outside `Wallet.values`.
    case invalidAmount(keyPath: String, value: Decimal)

    /// Where in the file a record's problem is, and what it is, for the refusals that name one.
    public var recordProblem: (keyPath: String, problem: String)? {
        switch self {
        case let .invalid(_, keyPath, problem) where !keyPath.isEmpty: (keyPath, problem)
        case let .invalidRecord(keyPath, problem): (keyPath, problem)
        case let .invalidAmount(keyPath, value): (keyPath, "\(value) is not an amount of a benefit; amounts are from 0 to 999,999.99")
        case let .duplicateID(id, keyPath, firstKeyPath):
            (keyPath, "\(firstKeyPath) has the same id, \(id.uuidString.lowercased()), and each record of an export has its own")
        default: nil
        }
    }

    public var errorDescription: String? {
        switch self {
        case let .unreadable(file): "The export file \(file) cannot be read (does it exist?)."
        case let .notJSON(file, line, reason): "The export file \(file) is not valid JSON at line \(line): \(reason)."
        case let .numberDoesNotFit(file): "The export file \(file) cannot be imported: \(JSONText.numberThatDoesNotFit). Nothing was imported."
        case let .emptyFile(file): "The export file \(file) is empty: give a file `coupontracker export` wrote. Nothing was imported."
        case let .invalid(file, keyPath, problem):
            "The export file \(file) is not valid at \(keyPath.isEmpty ? "its top level" : keyPath): \(problem). Nothing was imported."
        case let .unsupportedVersion(version):
            "The export is version \(version); this app reads version 1. Nothing was imported."
        case let .cardExists(name, id):
            "The wallet already has the card \(name) (\(id.uuidString.lowercased())). Import into an empty store (--store), or remove the card first. Nothing was imported."
        case let .duplicateID(id, keyPath, firstKeyPath):
            "The export is not valid at \(keyPath): \(firstKeyPath) has the same id, \(id.uuidString.lowercased()), "
                + "and each record of an export has its own. Nothing was imported."
        case let .unknownBenefit(card, benefitId):
            "A use in the history of \(card) names the benefit \(benefitId.uuidString.lowercased()), which the card does not have. Nothing was imported."
        case let .invalidRecord(keyPath, problem): "The export is not valid at \(keyPath): \(problem) Nothing was imported."
        case let .invalidAmount(keyPath, value):
            "The export is not valid at \(keyPath): \(value) is not an amount of a benefit; amounts are from 0 to 999,999.99. "
                + "Nothing was imported."
        }
    }
}
