import ArgumentParser
import AssetFlow
import CommandLineSupport
import Foundation
import JSONText

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Set a snapshot's values from a CSV file: asset,platform,currency,value.",
        discussion: "Assets not yet known are created. The file is imported whole or not at all; an error names its line.")
    @Argument(help: "The snapshot's day, YYYY-MM-DD.") var day: String
    @Argument(help: "The CSV file.", completion: .file()) var file: String
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        // Interrupted while the file is read and checked, the import says so as it does later.
        try Interruption.whileImporting(json: json.enabled) { try importFile() }
    }

    private func importFile() throws {
        let path = UserPath.expanded(file)
        let data = try InputFile.read(path, what: "CSV file") { start in
            // A log, JSON or another program's CSV is refused for its first part, as the whole file would be.
            if let mismatch = CSVFile.assetFlowSnapshot.startMismatch(start) { throw refusal(mismatch, path: path) }
            guard let header = TextStart.firstCSVRecord(start),
                  var text = String(data: header, encoding: .utf8) else { return }
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            do { _ = try SnapshotCSV.parse(text) } catch CSVError.noValues {}
        }
        try refuseMismatch(data, path: path)
        guard var text = String(data: data, encoding: .utf8) else { throw InputFileError.notText(path: path, what: "CSV file") }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let rows = try SnapshotCSV.parse(text)
        let portfolio = try store.open(writing: true)
        let bar = ProgressBar("Importing", enabled: rows.count >= ProgressBar.threshold)
        let parsedDay = try portfolio.days.parse(day)
        let result = try portfolio.importValues(rows, on: parsedDay, progress: bar.handler)
        bar.finish()
        if json.enabled { return try printJSON(SnapshotCommand.Show.View(of: parsedDay, in: portfolio)) }
        print("Imported \(counted(result.values, "value")) into \(day.forTerminal) (\(counted(result.newAssets, "new asset"))).")
    }

    /// Before the text is read as CSV: a JSON file or a database is named as what it is.
    private func refuseMismatch(_ data: Data, path: String) throws {
        if let mismatch = CSVFile.assetFlowSnapshot.mismatch(data) { throw refusal(mismatch, path: path) }
    }

    private func refusal(_ mismatch: String, path: String) -> ToolError {
        ToolError("The file \(TerminalText.quoted(path)) cannot be imported: \(mismatch). Nothing was changed.")
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a snapshot's values as CSV: asset,platform,currency,value.")
    @Argument(help: "The snapshot's day, YYYY-MM-DD.") var day: String
    @Option(name: .shortAndLong, help: "The file to write (standard output when omitted).", completion: .file(), transform: OutputArgument.file) var output: String?
    @OptionGroup var force: ForceOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        let portfolio = try store.open(writing: false)
        let csv = SnapshotCSV.format(try portfolio.exportValues(on: try portfolio.days.parse(day)))
        // A value or name another program stored that `assetflow import` refuses (nine decimals, a
        // name with a tab, none at all) is named here, not written for the import to refuse.
        do {
            let rows = try SnapshotCSV.parse(csv)
            // Two assets another program stored with one name and platform, which the import takes for one asset twice.
            if let (row, reason) = Portfolio.firstRepeat(in: rows) {
                throw ToolError("Line \(row.line) of the export would hold what `assetflow import` refuses, which another program "
                    + "stored: \(reason). Nothing was exported.\nRename one of the two with `assetflow asset rename NAME "
                    + "--platform PLATFORM --to NEW-NAME`, then export again.")
            }
        } catch let CSVError.invalid(line, reason) {
            throw ToolError("Line \(line) of the export would hold what `assetflow import` refuses, which another program stored: "
                + "\(reason.hasSuffix(".") ? String(reason.dropLast()) : reason). Nothing was exported. Put it right with "
                + "`assetflow snapshot set` or `assetflow asset rename` (or delete the asset), then export again.")
        } catch let error as ToolError {
            throw error
        } catch {
            // A snapshot without values is exported as its header alone, as before.
        }
        guard let output else { return print(csv, terminator: "") }
        let written = try OutputFile.save(Data(csv.utf8), to: UserPath.expanded(output), sparing: store.url.path, force: force.enabled)
        guard written.mayBeNotedOnStandardOutput else { return }
        print("Wrote \(TerminalText.quoted(output)).")
    }
}
