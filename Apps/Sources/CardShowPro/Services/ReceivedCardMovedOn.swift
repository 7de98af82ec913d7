import Foundation
import OpenSwiftData

/// A card received in a trade that was sold, traded away or sent for grading since: what
/// voiding the trade refuses (``TradeService/void(_:save:)``). Another device that had not yet
/// synced what became of the card could void the trade all the same, and the sync then takes
/// the card out of the store with its sale (later trade, submission) standing: a device lists
/// these before it downloads, so that it can say so after.
public struct ReceivedCardMovedOn: Codable, Equatable, Sendable {
    /// What became of the card.
    public enum Since: Codable, Equatable, Sendable {
        case sold(sale: UUID)
        case tradedAway(trade: UUID)
        case sentForGrading(submission: UUID)
    }

    /// The trade the card was received in.
    public let trade: UUID
    public let card: UUID
    /// The card's name as listings show it, for when it is gone.
    public let cardName: String
    public let since: Since
}

extension TradeService {
    /// Every card received in a trade and sold, traded away or sent for grading since. Each
    /// trade and submission is read once.
    public func receivedCardsMovedOn() throws -> [ReceivedCardMovedOn] {
        let trades = try context.fetch(FetchDescriptor<TradeHistory>())
        guard trades.contains(where: { !($0.cardsReceived ?? []).isEmpty }) else { return [] }
        var givenIn: [PersistentIdentifier: [TradeHistory]] = [:]
        for trade in trades {
            for card in trade.cardsTraded ?? [] { givenIn[card.persistentModelID, default: []].append(trade) }
        }
        var sentIn: [PersistentIdentifier: GradingSubmission] = [:]
        for submission in try context.fetch(FetchDescriptor<GradingSubmission>()) {
            for card in submission.cards ?? [] { sentIn[card.persistentModelID] = submission }
        }
        var found: [ReceivedCardMovedOn] = []
        for trade in trades {
            for card in trade.cardsReceived ?? [] {
                let since: ReceivedCardMovedOn.Since
                if let sale = card.sales?.first {
                    since = .sold(sale: sale.id)
                } else if let later = givenIn[card.persistentModelID]?.first(where: { $0.persistentModelID != trade.persistentModelID }) {
                    since = .tradedAway(trade: later.id)
                } else if let submission = sentIn[card.persistentModelID] {
                    since = .sentForGrading(submission: submission.id)
                } else {
                    continue
                }
                found.append(ReceivedCardMovedOn(trade: trade.id, card: card.id, cardName: card.displayName, since: since))
            }
        }
        return found
    }

    /// Those of `listed` whose trade and card are both gone: the trade was voided on another
    /// device, and the sale, later trade or submission stands without the card.
    public func voidedUnder(_ listed: [ReceivedCardMovedOn]) throws -> [ReceivedCardMovedOn] {
        try listed.filter { item in
            let trade = item.trade, card = item.card
            return try context.fetchCount(FetchDescriptor<TradeHistory>(predicate: #Predicate { $0.id == trade })) == 0
                && context.fetchCount(FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.id == card })) == 0
        }
    }
}
