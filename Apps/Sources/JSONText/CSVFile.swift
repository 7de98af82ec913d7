import Foundation

/// The CSV files the apps read, and what a file given to one of their imports is when it is
/// plainly not that file (`ForeignFile`): read as CSV, JSON is refused for its first odd
/// character ("a quote inside an unquoted field"), which does not tell the user that they
/// gave the wrong file.
public enum CSVFile: CaseIterable, Sendable {
    case cardShowPro
    case assetFlowSnapshot

    /// "a CardShow Pro CSV export".
    public var description: String {
        switch self {
        case .cardShowPro: "a CardShow Pro CSV export"
        case .assetFlowSnapshot: "an AssetFlow snapshot CSV file (asset,platform,currency,value)"
        }
    }

    /// What takes this file, as advice.
    public var use: String {
        switch self {
        case .cardShowPro: "import it with `cardshow import FILE`"
        case .assetFlowSnapshot: "import it with `assetflow import DAY FILE`"
        }
    }

    /// Whether `firstLine`, the file's first line, is this file's header.
    func hasHeader(_ firstLine: String) -> Bool {
        let columns = firstLine.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased() }
        switch self {
        case .cardShowPro: return columns.starts(with: ["name", "set", "number"])
        case .assetFlowSnapshot: return columns == ["asset", "platform", "currency", "value"]
        }
    }

    /// What `data`, given to this file's import, is instead ("it is a Trendy export (a JSON
    /// file), not a CardShow Pro CSV export: import it with `trendy import FILE`"), or nil
    /// when it may be this file: its own problems are then named line by line.
    public func mismatch(_ data: Data) -> String? {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        if self == .cardShowPro, AppFile.identify(Data(bytes)) == .cardShowProExport {
            return "it is a CardShow Pro export in JSON, not CSV: import it with `cardshow import FILE --format json`"
        }
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) {
            return "it is an SQLite database (a store, perhaps), not \(description): a CSV file is text, with a header line"
        }
        return ForeignFile.mismatch(data, expected: description, except: self)
    }

    /// What `start`, the first part of a larger file given to this file's import, already
    /// shows it is instead: ``mismatch(_:)`` of the part, and for JSON what its top-level
    /// keys tell (``ForeignFile/jsonStartMismatch(_:expected:)``), which reading the whole
    /// file would name.
    public func startMismatch(_ start: Data) -> String? {
        TextStart.looksLikeJSON(start) ? ForeignFile.jsonStartMismatch(start, expected: description) : mismatch(start)
    }
}
