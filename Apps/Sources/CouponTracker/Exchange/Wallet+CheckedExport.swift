import Foundation
import SwiftData

extension Wallet {
    /// A record of the wallet that `coupontracker import` refuses, which only another program
    /// can have stored (a benefit's reminder days of 400, a period ending in the year 5828963):
    /// an export holding it could not be imported.
    public struct UnimportableRecord: Error {
        /// Where in the export it is, as the import names it (`cards[0].benefits[2].reminderDaysBefore`).
        public let keyPath: String
        /// What the import says of it, a sentence.
        public let problem: String
        /// The card it is in, by id and name; nil for the preferences.
        public let card: (id: UUID, name: String)?
    }

    /// The export as JSON, checked as `coupontracker import` checks a file, but for the cards
    /// `leavingOut` names. Throws ``UnimportableRecord`` for the first record the import
    /// would refuse: an export is a backup, and one its import refuses restores nothing.
    public func checkedExportJSON(now: Date, leavingOut: Set<UUID> = []) throws -> Data {
        let data = try exportJSON(now: now, leavingOut: leavingOut)
        let found: (keyPath: String, problem: String)
        do {
            try Self.check(try Self.decodeRecords(data, file: "the export"), catalog: catalog)
            return data
        } catch let error as ExchangeError {
            guard let problem = error.recordProblem else { throw error }
            found = problem
        } catch let error as WalletError {
            found = ("preferences", error.localizedDescription)
        }
        let cards = try cards().filter { !leavingOut.contains($0.id) }
        let card = Self.cardIndex(in: found.keyPath).flatMap { cards.indices.contains($0) ? cards[$0] : nil }
        let problem = found.problem.hasSuffix(".") ? found.problem : found.problem + "."
        throw UnimportableRecord(keyPath: found.keyPath, problem: problem, card: card.map { ($0.id, name(of: $0)) })
    }

    /// The index in `cards[3].benefits[0]`: 3.
    private static func cardIndex(in keyPath: String) -> Int? {
        guard keyPath.hasPrefix("cards["), let end = keyPath.firstIndex(of: "]") else { return nil }
        return Int(keyPath[keyPath.index(keyPath.startIndex, offsetBy: 6)..<end])
    }
}
