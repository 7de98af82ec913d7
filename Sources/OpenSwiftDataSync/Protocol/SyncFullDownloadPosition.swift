import Foundation

/// Where a full download stands: the log position the server's state was read at, and
/// how many of the account's models the pages so far have held.
///
/// A model made after the download began may be sent twice (once in its pages, once in
/// the log after ``through``), never missed; applying it twice changes nothing.
public struct SyncFullDownloadPosition: Hashable, Codable, Sendable {
    /// The last log position the download's state includes: the cursor after its last page.
    public var through: Int64
    /// How many of the account's models (in the server's order) the pages so far held.
    public var sent: Int

    /// A position with these parts.
    public init(through: Int64, sent: Int) {
        self.through = through
        self.sent = sent
    }
}
