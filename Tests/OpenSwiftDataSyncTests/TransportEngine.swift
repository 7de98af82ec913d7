import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenSwiftDataSync
import Testing

/// The ways an ``HTTPSyncTransport`` sends: through `URLSession`, and with the package's
/// `SwiftNIO` trait on SwiftNIO. The tests of a server that fails run on each.
enum TransportEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    #if SwiftNIO
    case swiftNIO
    #endif

    var testDescription: String { rawValue }

    /// The engine a transport made without a configuration sends with: for the tests of a reply
    /// that trickles or floods for seconds, which on `URLSession` beside the other engine's kept a
    /// core busy and starved the suite's other tests of the machine (`URLSession` on Linux is
    /// slow to stop a flooded reply).
    static var byDefault: [TransportEngine] {
        #if SwiftNIO
        [.swiftNIO]
        #else
        [.urlSession]
        #endif
    }

    func transport(server: URL, token: String, requestTimeout: TimeInterval = 30, largestReply: Int = 1 << 30) throws -> HTTPSyncTransport {
        switch self {
        case .urlSession:
            try HTTPSyncTransport(server: server, token: token, requestTimeout: requestTimeout, largestReply: largestReply, configuration: .ephemeral)
        #if SwiftNIO
        case .swiftNIO:
            try HTTPSyncTransport(server: server, token: token, requestTimeout: requestTimeout, largestReply: largestReply)
        #endif
        }
    }
}
