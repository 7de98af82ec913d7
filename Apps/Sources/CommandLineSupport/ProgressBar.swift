import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on standard error, for imports and anything over a few thousand rows.
///
/// It draws only when standard error is a terminal (so scripts and logs get no
/// control characters), narrower than the terminal, redraws at most every 1% and ends its
/// line when done.
public final class ProgressBar {
    /// Operations on at least this many rows show a bar.
    public static let threshold = 2_000

    private let label: String
    private let enabled: Bool
    private var lastPercent = -1
    private var lastWidth = 0
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
        var line = Self.line(label, completed: completed, of: total, columns: Self.terminalColumns())
        // A line shorter than the one before (the bar left out as the counts grow) covers all of it.
        let width = TerminalWidth.of(line)
        if width < lastWidth { line += String(repeating: " ", count: lastWidth - width) }
        lastWidth = width
        StandardError.write(Data(("\r" + line).utf8))
        if completed >= total { finish() }
    }

    /// The widest bar drawn, in columns.
    static let widestBar = 30

    /// The line drawn for `completed` of `total`, narrower than `columns` when the width of
    /// the terminal is known: a line as wide as the terminal or wider wraps, and each redraw
    /// (a carriage return, which goes back to the start of the last row only) then left a
    /// row of its own, a stack of bars on a narrow terminal or a split pane. The bar is
    /// shortened first, then left out, then the counts.
    static func line(_ label: String, completed: Int, of total: Int, columns: Int?) -> String {
        let percent = min(100, completed * 100 / max(total, 1))
        let counts = "\(percent)% (\(completed)/\(total))"
        let room = columns.map { $0 - 1 } ?? Int.max
        let width = min(widestBar, room - TerminalWidth.of(label) - counts.count - 2)
        if width >= 5 {
            let filled = width * percent / 100
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            return "\(label) \(bar) \(counts)"
        }
        let short = "\(label) \(counts)"
        if short.count <= room { return short }
        return String("\(label) \(percent)%".prefix(max(room, 4)))
    }

    /// The width of the terminal standard error shows, when it is one and says.
    static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    public func finish() {
        guard enabled, !finished, lastPercent >= 0 else { return }
        finished = true
        StandardError.write(Data("\n".utf8))
    }

    /// A handler for the library's progress callbacks.
    public var handler: (Int, Int) -> Void { { [self] completed, total in update(completed, of: total) } }
}
