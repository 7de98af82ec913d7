import Foundation

/// The JSON files the apps write and read, told apart by their top-level keys: the three
/// exports, and CouponTracker's card-template file. A command given another of them (the
/// files share key names such as `cards`) says whose file it is and what takes it, rather
/// than naming the first key it misses.
public enum AppFile: CaseIterable, Sendable {
    case cardShowProExport
    case couponTrackerExport
    case trendyExport
    case couponTrackerTemplates

    /// "a CardShow Pro export".
    public var description: String {
        switch self {
        case .cardShowProExport: "a CardShow Pro export"
        case .couponTrackerExport: "a CouponTracker export"
        case .trendyExport: "a Trendy export"
        case .couponTrackerTemplates: "a CouponTracker card-template file"
        }
    }

    /// What takes this file, as advice: "import it with `cardshow import FILE`".
    public var use: String {
        switch self {
        case .cardShowProExport: "import it with `cardshow import FILE`"
        case .couponTrackerExport: "import it with `coupontracker import FILE`"
        case .trendyExport: "import it with `trendy import FILE`"
        case .couponTrackerTemplates: "give it to coupontracker with --templates FILE"
        }
    }

    /// The command that reads this file, as `use` names it.
    public var command: String {
        switch self {
        case .cardShowProExport: "`cardshow import FILE --format json`"
        case .couponTrackerExport: "`coupontracker import FILE`"
        case .trendyExport: "`trendy import FILE`"
        case .couponTrackerTemplates: "`coupontracker --templates FILE`"
        }
    }

    /// Every key the app writes at the file's top level.
    var keys: Set<String> {
        switch self {
        case .cardShowProExport: ["cards", "exportDate", "version"]
        case .couponTrackerExport: ["cards", "exportDate", "exportVersion", "preferences"]
        case .trendyExport: ["eventTypes", "events", "version"]
        case .couponTrackerTemplates: ["schemaVersion", "dataVersion", "lastUpdated", "cards"]
        }
    }

    /// The files whose top level may begin with the keys `seen`, the first of a file too large
    /// to read whole before it is refused (``TextStart/jsonTopLevelKeys(_:)``).
    static func beginning(with seen: Set<String>) -> [AppFile] {
        seen.isEmpty ? [] : allCases.filter { seen.isSubset(of: $0.keys) }
    }

    /// Whether an object with `keys` at its top level is this file.
    func matches(_ keys: Set<String>) -> Bool {
        switch self {
        case .cardShowProExport: keys.isSuperset(of: ["exportDate", "version", "cards"]) && !keys.contains("exportVersion")
        case .couponTrackerExport: keys.isSuperset(of: ["exportVersion", "cards"])
        case .trendyExport: keys.isSuperset(of: ["version", "eventTypes", "events"])
        case .couponTrackerTemplates: keys.isSuperset(of: ["schemaVersion", "dataVersion", "cards"])
        }
    }

    /// Which of the apps' files `data` is, when it is one of them.
    public static func identify(_ data: Data) -> AppFile? {
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        guard let object = try? JSONSerialization.jsonObject(with: text) as? [String: Any] else { return nil }
        let keys = Set(object.keys)
        return allCases.first { $0.matches(keys) }
    }

    /// Why `data` cannot be read as `expected` when it is another of the apps' files
    /// ("it is a Trendy export, not a CardShow Pro export: import it with ..."), or nil.
    public static func refusal(of data: Data, expected: AppFile) -> String? {
        guard let found = identify(data), found != expected else { return nil }
        return "it is \(found.description), not \(expected.description): \(found.use)"
    }
}
