import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps a sync transport's requests at the server's own address: a redirect is answered
/// with the redirect itself, not followed. `URLSession` follows one by default, and sent
/// the request (its `Authorization: Bearer` token too) wherever the `Location` pointed,
/// another host included; a sync server never redirects, so one that does is a proxy or
/// not the sync server, and the user is told where it pointed instead.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
