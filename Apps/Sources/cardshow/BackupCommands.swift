import ArgumentParser
import CardShowPro
import CommandLineSupport
import Foundation

struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Back up the store: a consistent copy, safe while cardshow is in use elsewhere.")

    @Option(help: ArgumentHelp("The backup file (default backups/STORE-DATE.backup beside the store, never replacing a file).", valueName: "file"),
            completion: .file(), transform: OutputArgument.file)
    var output: String?
    @OptionGroup var force: ForceOption
    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        if let output { try OutputFile.refuseStore(UserPath.expanded(output), store: store.url.path) }
        let progress = ProgressBar("Backing up")
        let destination: URL, summary: BackupSummary
        var written = OutputFile.Written.file
        if let output {
            destination = URL(fileURLWithPath: try OutputFile.destination(for: UserPath.expanded(output)))
            try OutputFile.refuseExisting(UserPath.expanded(output), force: force.enabled)
            // As every export's --output: a folder that is not there is named, not made.
            try OutputFile.refuseMissingFolder(of: destination.path, named: UserPath.expanded(output))
            if let problem = FileNameLength.problem(destination.path, adding: backupNameOverhead - 4, for: "cardshow writes the "
                                                    + "backup beside it under a longer name first, .NAME.PID-UUID.partial with "
                                                    + "SQLite's -journal", what: "backup", option: "--output") {
                throw ToolError(problem)
            }
            // Put in place as every --output is: without --force, not over a file made there while the backup ran.
            summary = try StoreBackup.backup(storeAt: store.url, to: destination, progress: progress.handler) { partial in
                written = try OutputFile.place(partial.path, at: UserPath.expanded(output), force: force.enabled)
            }
        } else {
            // A name of our choosing never replaces a file (another backup made in the same second).
            (destination, summary) = try StoreBackup.backup(storeAt: store.url, toNewFile: defaultBackupURL(for: store.url),
                                                            progress: progress.handler)
        }
        progress.finish()
        // Written through standard output, the backup is not followed there by words.
        guard written.mayBeNotedOnStandardOutput else { return }
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
            saved to backups/STORE-before-restore-DATE.backup beside it (a new file: \
            -2, -3 … is added when one of that name exists).
            """)

    @Argument(help: "The backup file.", completion: .file()) var file: String
    @OptionGroup var store: StoreOptions
    @OptionGroup var json: JSONOption

    func run() throws {
        let backup = URL(fileURLWithPath: UserPath.expanded(file))
        try InputFile.check(backup.path, what: "backup")
        let progress = ProgressBar("Restoring")
        let (summary, previous) = try StoreBackup.restore(from: backup, to: store.url,
                                                          keepingPrevious: defaultBackupURL(for: store.url, label: "before-restore"),
                                                          progress: progress.handler)
        progress.finish()
        if json.enabled { return try printJSON(summary) }
        print("Restored \(counted(summary.cards, "card")) and \(counted(summary.sales, "sale")) from \(backup.path.forTerminal).")
        if let previous { print("The previous contents are in \(previous.path.forTerminal).") }
    }
}

/// The bytes a backup's name may take on beside it: the copy it is written to first,
/// `.NAME.PID-UUID.partial` (54 bytes more at most), SQLite's `-journal` for that copy (8),
/// and the `-999` a taken name may get (4).
let backupNameOverhead = 66

/// backups/STORE-LABEL-2026-01-13T17-30-00Z.backup beside the store, STORE being the store's
/// file name: the backups of two stores in one folder are told apart by name, not only by
/// the second they were made in. The name is a suggestion (`StoreBackup.backup(toNewFile:)`
/// adds -2, -3 … when it is taken).
///
/// A long store name is shortened there, so that the backup's name, with the `-2` a taken
/// name gets and the copy's name it is written under first (`.NAME.PID-UUID.partial` and
/// SQLite's `-journal`: 62 bytes more), fits a file name's 255 bytes: a store named with
/// more than about 150 bytes (50 Japanese characters) could be used but not backed up or
/// restored ("the copy could not be written there (read-only, …)").
func defaultBackupURL(for store: URL, label: String? = nil) -> URL {
    let stamp = Date().formatted(.iso8601).replacingOccurrences(of: ":", with: "-")
    let rest = [label, stamp].compactMap { $0 }.joined(separator: "-")
    let room = FileNameLength.longest(besides: store.path) - backupNameOverhead - "-\(rest).backup".utf8.count
    var storeName = store.lastPathComponent
    while storeName.utf8.count > max(room, 1) { storeName.removeLast() }
    let name = [storeName, label, stamp].compactMap { $0 }.joined(separator: "-")
    return store.deletingLastPathComponent().appendingPathComponent("backups", isDirectory: true)
        .appendingPathComponent("\(name).backup")
}
