import Foundation

/// A progress bar on standard error, redrawn at each whole percent.
final class ProgressBar {
    private var shown = -1

    func update(_ done: Int, _ total: Int) {
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != shown else { return }
        shown = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
        FileHandle.standardError.write(Data("\rReading [\(bar)] \(percent)% \(done)/\(total)".utf8))
        if done == total { FileHandle.standardError.write(Data("\nSaving...\n".utf8)) }
    }

    func finish(saved: Int) {
        if shown >= 0 { FileHandle.standardError.write(Data("Saved \(saved) events.\n".utf8)) }
    }
}
