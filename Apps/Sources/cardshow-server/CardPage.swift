import CardShowPro
import Foundation
import Hummingbird
import OpenSwiftData

/// One page of `GET /cards`: `?offset=` (from 0) and `?limit=` (from 1 to ``largest``,
/// ``standard`` when not given). No listing holds the whole inventory: concurrent
/// listings of a large one would otherwise hold it in memory once each.
struct CardPage: Sendable {
    /// The page size when the request names none.
    static let standard = 100
    /// The largest page a request may ask for.
    static let largest = 1_000

    var offset: Int
    var limit: Int

    /// The page the query asks for, or a 400 naming the parameter, what it holds and its range.
    init(_ query: (String) -> String?) throws {
        offset = try Self.number(query("offset"), name: "offset", range: 0...Int(Int32.max), missing: 0)
        limit = try Self.number(query("limit"), name: "limit", range: 1...Self.largest, missing: Self.standard)
    }

    private static func number(_ text: String?, name: String, range: ClosedRange<Int>, missing: Int) throws -> Int {
        guard let text else { return missing }
        guard let value = Int(text), range.contains(value) else {
            let shown = text.count > 40 ? "\(text.prefix(40))…" : text
            throw APIProblem(status: .badRequest,
                             message: "\(name) is a whole number from \(range.lowerBound) to \(range.upperBound.formatted()), "
                                 + "not \"\(shown)\".")
        }
        return value
    }

    /// This page of the cards whose name contains `search` (all cards without one), in a
    /// stable order (name, then ID) so that consecutive pages neither skip nor repeat a card.
    /// The cards are counted only when the page does not tell their total itself: a page
    /// shorter than its limit ends the listing (unless it is empty past the first).
    func cards(search: String?, in context: ModelContext) throws -> CardList {
        var descriptor = search.map(InventoryQueries.nameSearchDescriptor) ?? InventoryQueries.allCardsDescriptor()
        descriptor.sortBy = [SortDescriptor(\.name), SortDescriptor(\.id)]
        var page = descriptor
        page.fetchOffset = offset
        page.fetchLimit = limit
        let cards = try context.fetch(page).map(InventoryExport.CardExport.init)
        let total = cards.count < limit && (!cards.isEmpty || offset == 0) ? offset + cards.count : try context.fetchCount(descriptor)
        let next = offset + cards.count
        return CardList(cards: cards, total: total, offset: offset, limit: limit,
                        nextOffset: cards.count == limit && next < total ? next : nil)
    }
}

/// `GET /cards`: one page of the cards, as an export holds them, with where the next begins.
struct CardList: Encodable, Sendable {
    var cards: [InventoryExport.CardExport]
    /// How many cards the listing has in all pages.
    var total: Int
    var offset: Int
    var limit: Int
    /// The `offset` of the next page; absent on the last.
    var nextOffset: Int?
}
