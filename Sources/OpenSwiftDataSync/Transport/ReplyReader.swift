import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads a sync transport's replies as their bytes come, to a deadline for the whole reply
/// and up to a largest size. `URLSession` on Linux keeps neither its configuration's
/// `timeoutIntervalForResource` nor any bound on a reply's size: a server that sent a byte a
/// second kept a sync (`--timeout 2`) waiting for hours, as each byte restarted the wait for
/// the next, and one that sent without end grew the process by gigabytes a minute until the
/// system stopped it. Redirects it refuses (``RedirectRefusal``): one delegate answers for
/// the session, and a subclass's methods would not be called for its superclass's protocol.
final class ReplyReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Why a reply was cut off before its end.
    enum Cut: Error, Equatable {
        case tooSlow
        case tooLarge
        /// The connection closed after the reply's head and before its end, which Foundation
        /// on Linux reports as it reports a request whose sending broke off.
        case brokenOff
    }

    private struct Reading {
        var data = Data()
        var continuation: CheckedContinuation<(Data, URLResponse), Error>
        var largest: Int
        var cut: Cut?
    }

    private let lock = NSLock()
    private var readings: [Int: Reading] = [:]
    /// Where deadlines fire: a queue of their own, which may start a thread of its own, where
    /// the shared concurrent queue runs no more work at once than there are processors, and a
    /// process whose work filled it kept a reply's deadline waiting behind that work.
    private static let deadlines = DispatchQueue(label: "OpenSwiftDataSync.ReplyReader.deadlines")

    /// The reply to `task`, which this starts: its body whole, or ``Cut`` when it has not
    /// ended within `seconds` or grows past `largest` bytes (the task is cancelled then).
    func reply(to task: URLSessionDataTask, within seconds: TimeInterval, largest: Int) async throws -> (Data, URLResponse) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { readings[task.taskIdentifier] = Reading(continuation: continuation, largest: largest) }
                task.resume()
                Self.deadlines.asyncAfter(deadline: .now() + seconds) { [weak self] in self?.cut(task, .tooSlow) }
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Ends the reading of `task` for `cut`, unless it has ended.
    private func cut(_ task: URLSessionTask, _ cut: Cut) {
        let reading = lock.withLock { () -> Bool in
            guard readings[task.taskIdentifier] != nil, readings[task.taskIdentifier]?.cut == nil else { return false }
            readings[task.taskIdentifier]?.cut = cut
            return true
        }
        if reading { task.cancel() }
    }

    private let redirects = RedirectRefusal()

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        redirects.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request,
                             completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock { () -> Bool in
            let id = dataTask.taskIdentifier
            guard let read = readings[id]?.data.count, let largest = readings[id]?.largest, readings[id]?.cut == nil else { return false }
            guard read + data.count <= largest else { return true }
            // In place: a copy of the reading taken out and put back made each append copy the
            // whole reply so far, a reply of 32 MiB taking 16 s and 7 GB.
            readings[id]?.data.append(data)
            return false
        }
        if over { cut(dataTask, .tooLarge) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let reading = lock.withLock({ readings.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let cut = reading.cut {
            reading.continuation.resume(throwing: cut)
        } else if let error {
            let begunAnswer = task.response != nil && (error as? URLError)?.code != .cancelled
            reading.continuation.resume(throwing: begunAnswer ? Cut.brokenOff : error)
        } else if let response = task.response {
            reading.continuation.resume(returning: (reading.data, response))
        } else {
            reading.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
