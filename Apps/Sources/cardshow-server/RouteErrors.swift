import CommandLineSupport
import Hummingbird
import NIOCore
import NIOHTTP1

/// Makes every refusal the router itself gives an `{"error": ...}` body in the client's
/// words, as the routes' own are: an address the API does not have (404), a method its
/// route does not take (405, with `Allow`), an address too long (414) and a body too
/// large (413), an `Expect` other than 100-continue (417), and a body the HTTP parser refuses (400; `UnreadableRequests` then ends the
/// connection). Hummingbird answers those with an empty body, and a wrong method as a 404.
struct RouteErrors<Context: RequestContext>: RouterMiddleware {
    /// The longest address read: far more than any route and search need, and a bound on
    /// what an error message may echo.
    static var longestURI: Int { 2_048 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let length = request.uri.string.utf8.count
        if length > Self.longestURI {
            throw APIProblem(status: .uriTooLong, message: "The address is \(length) characters long; the API takes at most "
                             + "\(Self.longestURI). Search with a shorter text, or give a card's ID.")
        }
        if let expectation = request.headers[.expect], expectation.lowercased() != "100-continue" {
            throw APIProblem(status: .expectationFailed,
                             message: "The API meets no expectation but 100-continue, not \(TerminalText.quoted(expectation)): "
                                 + "send the request without that Expect header.")
        }
        // A body declared larger than the API reads is refused before it is read.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > InventoryAPI.maximumBodySize {
            throw Self.problem(for: HTTPError(.contentTooLarge), request)
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            throw Self.problem(for: error, request)
        } catch is NIOTooManyBytesError {
            // A body sent without a length (chunked) is measured as it is read, and found too large there.
            throw Self.problem(for: HTTPError(.contentTooLarge), request)
        } catch is HTTPParserError {
            throw APIProblem(status: .badRequest, message: UnreadableRequests.unreadableBody)
        }
    }

    static func problem(for error: HTTPError, _ request: Request) -> APIProblem {
        let path = TerminalText.quoted(request.uri.path)
        switch error.status {
        case .notFound:
            if let allowed = InventoryAPI.methods(for: request.uri.path) ?? SyncAPI.methods(for: request.uri.path) {
                let names = allowed.map(\.rawValue)
                let listed = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
                return APIProblem(status: .methodNotAllowed,
                                  message: "\(request.method.rawValue) is not allowed on \(path): use \(listed).",
                                  headers: [.allow: names.joined(separator: ", ")])
            }
            return APIProblem(status: .notFound, message: "There is no \(path) in this API. " + InventoryAPI.routesSentence)
        case .contentTooLarge where SyncAPI.methods(for: request.uri.path) != nil:
            return APIProblem(status: .contentTooLarge, message: "The body is larger than \(SyncAPI.maximumBodySize >> 20) MB: "
                              + "upload the changes in several batches. Nothing was changed.")
        case .contentTooLarge:
            return APIProblem(status: .contentTooLarge,
                              message: "The body is larger than \(InventoryAPI.maximumBodySize >> 20) MB: send the cards in several requests.")
        default:
            return APIProblem(status: error.status, message: error.body ?? "The request was refused: \(error.status.reasonPhrase).")
        }
    }
}
