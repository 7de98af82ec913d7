/// The query parameters `GET /cards` takes: `search`, `limit` and `offset`, each once.
/// Any other name is refused, as is one given twice: a misspelled `serach` would
/// otherwise answer with every card, and `limit=1&limit=2` with whichever one the
/// server happened to read, both looking like the answer asked for.
enum CardQuery {
    static let names = ["search", "limit", "offset"]

    /// Throws a 400 naming the first parameter `GET /cards` does not take, or takes once only.
    static func check(_ given: [String]) throws {
        var seen: Set<String> = []
        for name in given {
            let shown = name.count > 40 ? "\(name.prefix(40))…" : name
            guard names.contains(name) else {
                throw APIProblem(status: .badRequest,
                                 message: "GET /cards takes no query parameter \"\(shown)\": it takes search, limit and offset.")
            }
            guard seen.insert(name).inserted else {
                throw APIProblem(status: .badRequest, message: "\(name) is given twice in the query: give it once.")
            }
        }
    }

    /// Throws a 400 naming the first query parameter of a request that takes none:
    /// `POST /cards?dryrun=1` or `DELETE /cards/ID?dryrun=1` would otherwise import or
    /// delete, and `GET /stats?since=2026-01-01` answer for every card, the client believing
    /// it asked for something else. `outcome` says what was not done, such as "Nothing was
    /// imported."; a read has nothing to say.
    static func refuseAny(_ given: [String], on route: String, outcome: String? = nil) throws {
        guard let name = given.first else { return }
        let shown = name.count > 40 ? "\(name.prefix(40))…" : name
        let refusal = "\(route) takes no query parameter \"\(shown)\": it takes none."
        throw APIProblem(status: .badRequest, message: outcome.map { "\(refusal) \($0)" } ?? refusal)
    }
}
