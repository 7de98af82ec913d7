import CommandLineSupport

/// The progress of a calendar import: a bar while the file's events are read (in a
/// terminal), then a note when the one save begins and when it is done. The notes are
/// plain lines, so that a script or log sees that the import reached its save.
final class ImportProgress {
    private let bar: ProgressBar
    private let enabled: Bool
    private var saving = false

    /// `enabled`: false for an import too small to need telling about.
    init(enabled: Bool = true) {
        self.enabled = enabled
        bar = ProgressBar("Reading", enabled: enabled)
    }

    func update(_ done: Int, _ total: Int) {
        bar.update(done, of: total)
        guard enabled, done >= total, !saving else { return }
        saving = true
        bar.finish()
        printError("Saving...")
    }

    func finish(saved: Int) {
        if saving { printError("Saved \(counted(saved, "event")).") }
    }
}
