import Foundation

/// The JSON exports the apps write, told apart by their top-level keys. An import given
/// another app's export (the apps' exports share key names such as `cards`) says whose
/// export it is and which tool imports it, rather than naming the first key it misses.
public enum AppExport: String, CaseIterable, Sendable {
    case cardShowPro = "CardShow Pro"
    case couponTracker = "CouponTracker"
    case trendy = "Trendy"

    /// The command that imports this app's export.
    public var importCommand: String {
        switch self {
        case .cardShowPro: "cardshow import FILE"
        case .couponTracker: "coupontracker import FILE"
        case .trendy: "trendy import FILE"
        }
    }

    /// Whether an object with `keys` at its top level is this app's export.
    func isExport(withKeys keys: Set<String>) -> Bool {
        switch self {
        case .cardShowPro: keys.isSuperset(of: ["exportDate", "version", "cards"]) && !keys.contains("exportVersion")
        case .couponTracker: keys.isSuperset(of: ["exportVersion", "cards"])
        case .trendy: keys.isSuperset(of: ["version", "eventTypes", "events"])
        }
    }

    /// The app whose export `data` is, when it is one of theirs.
    public static func identify(_ data: Data) -> AppExport? {
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        guard let object = try? JSONSerialization.jsonObject(with: text) as? [String: Any] else { return nil }
        let keys = Set(object.keys)
        return allCases.first { $0.isExport(withKeys: keys) }
    }

    /// Why `data` cannot be imported as `expected`'s export when it is another app's
    /// ("it is a Trendy export, not a CardShow Pro export: ..."), or nil.
    public static func refusal(of data: Data, expected: AppExport) -> String? {
        guard let found = identify(data), found != expected else { return nil }
        return "it is \(found.withArticle) export, not \(expected.withArticle) export: import it with `\(found.importCommand)`"
    }

    private var withArticle: String { self == .trendy ? "a Trendy" : "a \(rawValue)" }
}
