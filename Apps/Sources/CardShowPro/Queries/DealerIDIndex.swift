import Foundation

/// The models of a kind by the first characters of their IDs, read once for many lookups:
/// each ID of `cardshow event bring` read every card of the store again, so that bringing
/// 3,000 cards of 5,000 to an event took 20 s.
struct DealerIDIndex<Model: DealerIdentifiable> {
    private let byStart: [Substring: [(id: String, model: Model)]]

    init(_ models: [Model]) {
        byStart = Dictionary(grouping: models.map { (id: $0.id.uuidString, model: $0) }) { $0.id.prefix(ModelLookup.shortestPrefix) }
    }

    /// The models whose IDs begin with `wanted` (in capitals, at least the shortest prefix
    /// long), in the order the store held them.
    func models(beginning wanted: String) -> [Model] {
        (byStart[wanted.prefix(ModelLookup.shortestPrefix)] ?? []).filter { $0.id.hasPrefix(wanted) }.map(\.model)
    }
}
