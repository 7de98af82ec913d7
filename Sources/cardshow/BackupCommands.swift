import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation

struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Back up the store: a consistent copy, safe while cardshow is in use elsewhere.")

    @Option(help: ArgumentHelp("The backup file (default backups/cardshow-DATE.backup beside the store).", valueName: "file"),
            completion: .file())
    var output: String?
    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        if let output { try OutputFile.refuseStore((output as NSString).expandingTildeInPath, store: store.url.path) }
        let destination = try output.map { URL(fileURLWithPath: try OutputFile.destination(for: ($0 as NSString).expandingTildeInPath)) }
            ?? defaultBackupURL(for: store.url, label: "cardshow")
        let progress = ProgressBar("Backing up")
        let summary = try StoreBackup.backup(storeAt: store.url, to: destination, progress: progress.handler)
        progress.finish()
        if json.enabled { return try printJSON(summary) }
        print("Backed up \(counted(summary.cards, "card")) and \(counted(summary.sales, "sale")) to \(destination.path.forTerminal).")
    }
}

struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the store with a backup, after checking the backup.",
        discussion: """
            The backup is checked (SQLite integrity, a CardShow Pro store, readable by this \
            version) before anything is replaced; the store's current contents are first \
            saved to backups/before-restore-DATE.backup beside it.
            """)

    @Argument(help: "The backup file.", completion: .file()) var file: String
    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        let backup = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        try InputFile.check(backup.path, what: "backup")
        let previous = defaultBackupURL(for: store.url, label: "before-restore")
        let progress = ProgressBar("Restoring")
        let summary = try StoreBackup.restore(from: backup, to: store.url, keepingPrevious: previous, progress: progress.handler)
        progress.finish()
        if json.enabled { return try printJSON(summary) }
        print("Restored \(counted(summary.cards, "card")) and \(counted(summary.sales, "sale")) from \(backup.path.forTerminal).")
        if FileManager.default.fileExists(atPath: previous.path) { print("The previous contents are in \(previous.path.forTerminal).") }
    }
}

/// backups/LABEL-2026-01-13T17-30-00.backup beside the store.
func defaultBackupURL(for store: URL, label: String) -> URL {
    let stamp = Date().formatted(.iso8601).replacingOccurrences(of: ":", with: "-")
    return store.deletingLastPathComponent().appendingPathComponent("backups", isDirectory: true)
        .appendingPathComponent("\(label)-\(stamp).backup")
}
