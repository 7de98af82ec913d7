import CardShowPro
import CommandLineSupport
import Foundation
import Hummingbird
import JSONText
import OpenSwiftData

/// The routes: each runs its store work in ``ModelContainer/performBackgroundTask(_:)``,
/// with a context of its own, so no request holds a thread of Swift's cooperative
/// pool or an event loop while the store answers, and answers with values, never models.
struct InventoryAPI: Sendable {
    let container: ModelContainer
    /// The store file as the server opened it; nil on PostgreSQL.
    var storeFile: OpenedStoreFile? = nil

    /// The largest request body read: an export of tens of thousands of cards.
    static let maximumBodySize = 64 << 20

    /// The shortest start of an ID that `DELETE` takes: listings show 8 characters, and a
    /// shorter one deletes whichever card happens to be the only match today.
    static let shortestIDToDelete = 8

    /// The methods each address takes, for a 405's `Allow`; nil for an address the API does not have.
    /// Every address that takes `GET` takes `HEAD` (`RequestPath` answers it).
    static func methods(for path: String) -> [HTTPRequest.Method]? {
        let parts = path.split(separator: "/")
        switch (parts.count, parts.first) {
        case (1, "cards"?): return [.get, .head, .post]
        case (2, "cards"?): return [.get, .head, .delete]
        case (1, "stats"?): return [.get, .head]
        default: return nil
        }
    }

    static let routesSentence = "The API has GET /cards, GET /cards/ID, POST /cards, DELETE /cards/ID and GET /stats, "
        + "and for sync GET /sync/v1/account, POST /sync/v1/batches and GET /sync/v1/changes (CouponTracker's below /coupontracker)."

    func register(on router: Router<BasicRequestContext>) {
        router.add(middleware: RouteErrors())
        router.get("cards") { request, _ in
            let query = request.uri.queryParameters
            try CardQuery.check(query.map { String($0.key) })
            let search = query.get("search")
            // Every name contains the empty text, yet the search finds none: an empty page would be wrong.
            if search?.isEmpty == true {
                throw APIProblem(status: .badRequest,
                                 message: "search is empty: give the text the names contain, or leave search out for every card.")
            }
            let page = try CardPage { query.get($0) }
            return try await self.work { context in try Response.json(try page.cards(search: search, in: context)) }
        }
        router.get("cards/:id") { request, context in
            let id = try context.parameters.require("id")
            try CardQuery.refuseAny(request.uri.queryParameters.map { String($0.key) }, on: "GET /cards/ID")
            return try await self.work { context in
                try Response.json(InventoryExport.CardExport(try Self.card(id, in: context)))
            }
        }
        router.post("cards") { request, _ in
            let sent = Data(buffer: try await request.body.collect(upTo: Self.maximumBodySize))
            try CardQuery.refuseAny(request.uri.queryParameters.map { String($0.key) }, on: "POST /cards",
                                    outcome: "Nothing was imported.")
            guard !CardImportBody.isBlank(sent) else {
                // The importer would say "the file is empty": a request has a body.
                throw APIProblem(status: .badRequest, message: "The body is empty: send one card's fields as JSON, "
                                 + "or an export with at least one card. Nothing was imported.")
            }
            if let refusal = AppFile.refusal(of: sent, expected: .cardShowProExport) {
                throw APIProblem(status: .badRequest, message: "The body is not cards: \(refusal). Nothing was imported.")
            }
            let body = CardImportBody(sent)
            return try await self.work { context in
                // The answer does not name want-list matches, so the want list is not read.
                let result: ImportResult
                do {
                    result = try InventoryExchange(context: context).importData(body.document, format: .json, matchingWantList: false)
                } catch {
                    throw body.inTheClientsWords(error)
                }
                if body.isSingleCard, let card = result.cards.first {
                    return try Response.json(InventoryExport.CardExport(card), status: result.inserted > 0 ? .created : .ok)
                }
                return try Response.json(ImportSummary(inserted: result.inserted, updated: result.updated),
                                    status: result.inserted > 0 ? .created : .ok)
            }
        }
        router.delete("cards/:id") { request, context in
            let id = try context.parameters.require("id")
            try CardQuery.refuseAny(request.uri.queryParameters.map { String($0.key) }, on: "DELETE /cards/ID",
                                    outcome: "Nothing was deleted.")
            guard UUID(uuidString: id) != nil || id.count >= Self.shortestIDToDelete else {
                throw APIProblem(status: .badRequest,
                                 message: "To delete a card, give its whole ID or at least its first \(Self.shortestIDToDelete) characters, "
                                     + "not \"\(id)\". Nothing was deleted.")
            }
            return try await self.work { context in
                try InventoryService(context: context).delete(try Self.card(id, in: context))
                return Response(status: .noContent)
            }
        }
        router.get("stats") { request, _ in
            try CardQuery.refuseAny(request.uri.queryParameters.map { String($0.key) }, on: "GET /stats")
            return try await self.work { context in try Response.json(try InventoryStats(context: context)) }
        }
    }

    /// Runs `block` on a context of its own, off the cooperative pool; its errors become
    /// ``APIProblem``s in the dealer's words.
    private func work<T: Sendable>(_ block: @escaping @Sendable (ModelContext) throws -> T) async throws -> T {
        try storeFile?.refuseUnlessAtItsPath()
        do {
            return try await container.performBackgroundTask(block)
        } catch {
            throw APIProblem(error)
        }
    }

    /// A card by its whole ID (one indexed fetch) or, as the cardshow tool takes them, by
    /// the first characters of it.
    static func card(_ id: String, in context: ModelContext) throws -> InventoryCard {
        if let uuid = UUID(uuidString: id) {
            var descriptor = FetchDescriptor<InventoryCard>(predicate: #Predicate { $0.id == uuid })
            descriptor.fetchLimit = 1
            if let card = try context.fetch(descriptor).first { return card }
            throw CardShowError.notFound(kind: InventoryCard.dealerKind, id: id)
        }
        return try ModelLookup(context: context).card(id)
    }
}

/// `POST /cards` with an export document: how many cards it added and updated.
struct ImportSummary: Encodable, Sendable {
    var inserted: Int
    var updated: Int
}
