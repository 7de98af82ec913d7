import CardShowPro
import CommandLineSupport
import Foundation
import Hummingbird
import OpenSwiftData
import OpenSwiftDataPostgres

/// An error as the API answers it: `{"error": "..."}` in the dealer's words, with the
/// status that says whose move it is (the client's for 4xx, the server's for 5xx).
struct APIProblem: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    let message: String
    /// Extra headers, such as `Allow` on a 405.
    var headers: HTTPFields = [:]

    init(status: HTTPResponse.Status, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    init(_ error: any Error) {
        switch error {
        case let problem as APIProblem:
            self = problem
        case let error as CardShowError:
            status = Self.status(for: error)
            message = error.description
        case let error as ImportError:
            // A sold card imported as in stock is refused by what the inventory holds (409), not by its form.
            if case .contradictsHistory = error { status = .conflict } else { status = .badRequest }
            // The import's own words speak of a file; a request has a body.
            message = error == .empty ? "The body holds no cards: send one card's fields, or an export with at least one card. "
                + "Nothing was imported." : error.description
        case let error as ValidationError:
            status = .badRequest
            message = error.description
        case let error as PostgresStoreError where error.code == .uniqueViolation:
            // A unique index another program made on the inventory (on a card's name): the
            // request meets a card already there, said as a store file says it, where it was
            // a 500 in Swift's words ("PostgresStoreError error 1").
            status = .conflict
            message = EngineErrorMessage.server.message(for: .uniqueConstraintViolated(entity: "InventoryCard", properties: []))
        default:
            let explained = OpenSwiftDataError(explaining: error)
            status = explained.map(Self.status) ?? .internalServerError
            message = "\(EngineErrorMessage.server.translate(error).localizedDescription)"
        }
    }

    /// A card that is not there, an ID or value the client got wrong, or a request the
    /// inventory's state refuses (a card sold, a history an import would contradict).
    private static func status(for error: CardShowError) -> HTTPResponse.Status {
        switch error {
        case .notFound: .notFound
        case .ambiguousID, .idTooShort, .invalidArgument: .badRequest
        default: .conflict
        }
    }

    /// A store another writer holds is worth a retry; a request meeting a card already there
    /// (through a unique index another program made) is the client's to change; everything
    /// else from the store is the server's problem.
    private static func status(for error: OpenSwiftDataError) -> HTTPResponse.Status {
        switch error.code {
        case .storeBusy: .serviceUnavailable
        case .uniqueConstraintViolated: .conflict
        default: .internalServerError
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try Response.json(["error": message], status: status)
        for field in headers { response.headers.append(field) }
        return response
    }
}
