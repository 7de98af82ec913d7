import FluentKit
import FluentPostgresDriver
import Foundation
import Hummingbird
import Logging

// cardshow-server's card endpoints written with Fluent on PostgreSQL, as a Hummingbird
// app would write them: the other side of the server benchmark (`Benchmarks/server`).
//
//   fluent-inventory-server POSTGRES-URL PORT
//
//   GET  /cards[?search=TEXT]   a page of the cards whose name contains TEXT (ILIKE), by name and ID,
//                               with the total (limit=N, 100 by default; offset=M), as cardshow-server pages
//   POST /cards                 one card, as cardshow-server takes it; 201 with the card
//
// What it does not do that cardshow-server does: an import's want-list matching and
// validation of every field, and `localizedStandardContains` (diacritics are not
// ignored by ILIKE). It does less work per request, not more.

final class FluentCard: Model, @unchecked Sendable {
    static let schema = "fluent_card"
    /// The PostgreSQL schema the URL names (`?schema=`), which every statement names: a
    /// search path set on connections opened before the schema existed does not find it.
    static let space: String? = URLComponents(string: CommandLine.arguments.dropFirst().first ?? "")?
        .queryItems?.first { $0.name == "schema" }?.value

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "set_name") var setName: String
    @Field(key: "card_number") var cardNumber: String
    @Field(key: "variant") var variant: String
    @Field(key: "condition") var condition: String
    @OptionalField(key: "purchase_cost") var purchaseCost: Double?
    @Field(key: "market_value") var marketValue: Double
    @Field(key: "acquired_date") var acquiredDate: Date
    @OptionalField(key: "notes") var notes: String?
    @Field(key: "tags") var tags: [String]
    @Field(key: "status") var status: String

    init() {}
}

struct CreateCards: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FluentCard.schema, space: FluentCard.space).ignoreExisting()
            .id()
            .field("name", .string, .required)
            .field("set_name", .string, .required)
            .field("card_number", .string, .required)
            .field("variant", .string, .required)
            .field("condition", .string, .required)
            .field("purchase_cost", .double)
            .field("market_value", .double, .required)
            .field("acquired_date", .datetime, .required)
            .field("notes", .string)
            .field("tags", .array(of: .string), .required)
            .field("status", .string, .required)
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.raw("CREATE INDEX IF NOT EXISTS fluent_card_name ON fluent_card (name)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FluentCard.schema, space: FluentCard.space).delete()
    }
}

/// A card as the endpoints read and write it: cardshow-server's export form.
struct CardJSON: Codable {
    var id: UUID?
    var name: String
    var setName: String
    var cardNumber: String
    var variant: String
    var condition: String
    var purchaseCost: Double?
    var marketValue: Double
    var acquiredDate: Date
    var notes: String?
    var tags: [String]?
    var status: String?

    init(_ card: FluentCard) {
        (id, name, setName, cardNumber, variant, condition) = (card.id, card.name, card.setName, card.cardNumber, card.variant, card.condition)
        (purchaseCost, marketValue, acquiredDate, notes, tags, status) = (card.purchaseCost, card.marketValue, card.acquiredDate, card.notes,
                                                                          card.tags, card.status)
    }
}

/// A page of cards, as cardshow-server answers `GET /cards`.
struct CardList: Codable {
    var cards: [CardJSON]
    var total: Int
    var offset: Int
    var limit: Int
    var nextOffset: Int?
}

/// JSON with ISO 8601 dates, as cardshow-server reads and writes it.
let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
}()
let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()

func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: try encoder.encode(value))))
}

/// The text of a `LIKE` pattern that matches `text` literally.
func likeLiteral(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let url = URL(string: arguments[1]), let port = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: fluent-inventory-server POSTGRES-URL PORT\n".utf8))
    exit(2)
}
guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host, let user = components.user else {
    FileHandle.standardError.write(Data("fluent-inventory-server: \(url) is not a postgres://user:password@host:port/database URL\n".utf8))
    exit(2)
}
let schema = components.queryItems?.first { $0.name == "schema" }?.value
let logger = Logger(label: "fluent-inventory-server")
let databases = Databases(threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
let server = SQLPostgresConfiguration(hostname: host, port: components.port ?? 5432, username: user, password: components.password,
                                      database: String(components.path.dropFirst()), tls: .disable)
// Two connections per event loop: as many in all as cardshow-server's PostgreSQL store keeps (4 on 2 cores).
databases.use(.postgres(configuration: SQLPostgresConfiguration(coreConfiguration: server.coreConfiguration, searchPath: schema.map { [$0] }),
                        maxConnectionsPerEventLoop: 2), as: .psql)
/// A database handle on any event loop, for each request.
struct CardDatabase: Sendable {
    let databases: Databases
    let logger: Logger

    func callAsFunction() -> any Database {
        // `.psql` was registered just above, so the lookup cannot miss.
        databases.database(logger: logger, on: MultiThreadedEventLoopGroup.singleton.any())!
    }
}
let database = CardDatabase(databases: databases, logger: logger)
if let schema, let sql = database() as? any SQLDatabase {
    try await (sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run() as EventLoopFuture<Void>).get()
}
// The future-returning forms, awaited: the bare calls pick them and would not wait.
try await (CreateCards().prepare(on: database()) as EventLoopFuture<Void>).get()

let router = Router()
router.get("cards") { request, _ -> Response in
    let parameters = request.uri.queryParameters
    let offset = parameters.get("offset").flatMap(Int.init) ?? 0
    let limit = parameters.get("limit").flatMap(Int.init) ?? 100
    let search = parameters.get("search")
    func matching() -> QueryBuilder<FluentCard> {
        let query = FluentCard.query(on: database())
        return search.map { query.filter(\.$name, .custom("ILIKE"), "%" + likeLiteral($0) + "%") } ?? query
    }
    let cards = try await matching().sort(\.$name).sort(\.$id).range(offset..<offset + limit).all()
    // Counted as cardshow-server counts: only when the page does not tell the total itself.
    let total = cards.count < limit && (!cards.isEmpty || offset == 0) ? offset + cards.count : try await matching().count()
    let next = offset + cards.count
    return try json(CardList(cards: cards.map(CardJSON.init), total: total, offset: offset, limit: limit,
                             nextOffset: cards.count == limit && next < total ? next : nil))
}
router.post("cards") { request, _ -> Response in
    let body = try decoder.decode(CardJSON.self, from: Data(buffer: try await request.body.collect(upTo: 1 << 20)))
    let card = FluentCard()
    card.id = body.id ?? UUID()
    (card.name, card.setName, card.cardNumber, card.variant, card.condition) = (body.name, body.setName, body.cardNumber, body.variant, body.condition)
    (card.purchaseCost, card.marketValue, card.acquiredDate, card.notes) = (body.purchaseCost, body.marketValue, body.acquiredDate, body.notes)
    card.tags = body.tags ?? []
    card.status = body.status ?? "in stock"
    try await card.create(on: database())
    return try json(CardJSON(card), status: .created)
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "fluent-inventory-server"),
                      onServerRunning: { channel in
                          print("listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)")
                      })
try await app.runService()
await databases.shutdownAsync()
