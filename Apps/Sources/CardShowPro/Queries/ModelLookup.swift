import Foundation
import OpenSwiftData

/// A model with a UUID a dealer can type (or the first few characters of it).
public protocol DealerIdentifiable: PersistentModel {
    var id: UUID { get }
    /// "card", "sale", ... for messages.
    static var dealerKind: String { get }
    /// The models whose IDs lie in `range`, as a fetch the store answers from its index, for a
    /// kind a store may hold many of; nil, the default, for one a dealer has few of.
    static func withIDs(in range: ClosedRange<UUID>) -> FetchDescriptor<Self>?
}

extension DealerIdentifiable {
    public static func withIDs(in range: ClosedRange<UUID>) -> FetchDescriptor<Self>? { nil }
}

extension InventoryCard: DealerIdentifiable {
    public static var dealerKind: String { "card" }

    public static func withIDs(in range: ClosedRange<UUID>) -> FetchDescriptor<InventoryCard>? {
        let low = range.lowerBound, high = range.upperBound
        return FetchDescriptor(predicate: #Predicate { $0.id >= low && $0.id <= high })
    }
}
extension SalesHistory: DealerIdentifiable { public static var dealerKind: String { "sale" } }
extension TradeHistory: DealerIdentifiable { public static var dealerKind: String { "trade" } }
extension Event: DealerIdentifiable { public static var dealerKind: String { "event" } }
extension Contact: DealerIdentifiable { public static var dealerKind: String { "contact" } }
extension WantListItem: DealerIdentifiable { public static var dealerKind: String { "want-list item" } }
extension GradingSubmission: DealerIdentifiable { public static var dealerKind: String { "grading submission" } }

extension UUID {
    /// The first 8 hex digits, as listings show IDs.
    public var short: String { String(uuidString.prefix(8)) }
}

/// Finds models by the IDs dealers type: a whole UUID, or a unique prefix of it of at
/// least the 8 characters listings show.
public struct ModelLookup {
    public let context: ModelContext

    /// The shortest start of an ID taken: the 8 characters listings show. A shorter one named
    /// whichever model happened to be the only match that day, so `cardshow card delete B`
    /// deleted the one card whose ID began with B (two cards were named B).
    public static let shortestPrefix = 8

    public init(context: ModelContext) {
        self.context = context
    }

    public func find<Model: DealerIdentifiable>(_ type: Model.Type, id text: String) throws -> Model {
        let matches = try matching(type, id: text)
        guard matches.count == 1 else {
            throw CardShowError.sharedID(kind: Model.dealerKind, id: matches[0].id, count: matches.count)
        }
        return matches[0]
    }

    /// The models `text` names: one, or several another program stored with one ID (which
    /// only `cardshow card update --new-id` tells apart, for cards), in the order the store holds them.
    public func matching<Model: DealerIdentifiable>(_ type: Model.Type, id text: String) throws -> [Model] {
        try matching(type, id: text, in: nil)
    }

    /// The cards `ids` name, in their order, each as ``card(_:)`` finds it: the store is read
    /// once for all of them.
    public func cards(_ ids: [String]) throws -> [InventoryCard] {
        guard ids.count > 1 else { return try ids.map(card) }
        let index = DealerIDIndex(try context.fetch(FetchDescriptor<InventoryCard>()))
        return try ids.map { id in
            let matches = try matching(InventoryCard.self, id: id, in: index)
            guard matches.count == 1 else {
                throw CardShowError.sharedID(kind: InventoryCard.dealerKind, id: matches[0].id, count: matches.count)
            }
            return matches[0]
        }
    }

    private func matching<Model: DealerIdentifiable>(_ type: Model.Type, id text: String, in index: DealerIDIndex<Model>?) throws -> [Model] {
        let wanted = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard !wanted.isEmpty else { throw CardShowError.notFound(kind: Model.dealerKind, id: text) }
        guard wanted.count >= Self.shortestPrefix else { throw CardShowError.idTooShort(kind: Model.dealerKind, id: text) }
        let matches = try index?.models(beginning: wanted) ?? models(Model.self, beginning: wanted)
        guard let first = matches.first else { throw CardShowError.notFound(kind: Model.dealerKind, id: text) }
        if matches.contains(where: { $0.id != first.id }) {
            throw CardShowError.ambiguousID(kind: Model.dealerKind, id: text, matches: matches.count)
        }
        return matches
    }

    /// The models whose IDs begin with `wanted`: a range of the index of IDs where the kind
    /// has one, else a look at every ID, which a dealer's few of a kind make quick.
    private func models<Model: DealerIdentifiable>(_ type: Model.Type, beginning wanted: String) throws -> [Model] {
        guard let range = IDPrefix.range(of: wanted) else { return [] }
        guard let descriptor = Model.withIDs(in: range) else {
            return try context.fetch(FetchDescriptor<Model>()).filter { $0.id.uuidString.hasPrefix(wanted) }
        }
        return try context.fetch(descriptor)
    }

    public func card(_ id: String) throws -> InventoryCard { try find(InventoryCard.self, id: id) }
    public func sale(_ id: String) throws -> SalesHistory { try find(SalesHistory.self, id: id) }
    public func trade(_ id: String) throws -> TradeHistory { try find(TradeHistory.self, id: id) }
    public func event(_ id: String) throws -> Event { try find(Event.self, id: id) }
    public func contact(_ id: String) throws -> Contact { try find(Contact.self, id: id) }
    public func wantListItem(_ id: String) throws -> WantListItem { try find(WantListItem.self, id: id) }
    public func submission(_ id: String) throws -> GradingSubmission { try find(GradingSubmission.self, id: id) }
}
