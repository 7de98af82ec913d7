import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on standard error, for imports and anything over a few thousand rows.
///
/// It draws only when standard error is a terminal (so scripts and logs get no
/// control characters), redraws at most every 1% and ends its line when done.
public final class ProgressBar {
    /// Operations on at least this many rows show a bar.
    public static let threshold = 2_000

    private let label: String
    private let enabled: Bool
    private var lastPercent = -1
    private var finished = false

    public init(_ label: String, enabled: Bool = true) {
        self.label = label
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    public func update(_ completed: Int, of total: Int) {
        guard enabled, !finished, total > 0 else { return }
        let percent = min(100, completed * 100 / total)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        StandardError.write(Data("\r\(label) \(bar) \(percent)% (\(completed)/\(total))".utf8))
        if completed >= total { finish() }
    }

    public func finish() {
        guard enabled, !finished, lastPercent >= 0 else { return }
        finished = true
        StandardError.write(Data("\n".utf8))
    }

    /// A handler for the library's progress callbacks.
    public var handler: (Int, Int) -> Void { { [self] completed, total in update(completed, of: total) } }
}
