import Foundation

/// Finds a number too large for a `Decimal` in JSON that is otherwise well formed:
/// `JSONDecoder` reports one as if the file were not JSON at all.
enum JSONNumberRange {
    /// Beyond this a number cannot be a `Decimal` (whose largest is about 3.4e165).
    static let largest = 1e165

    /// The key path (`cards[0].usageHistory[2].valueRedeemed`) and text of the first such
    /// number, or nil when there is none or the data is not JSON.
    static func firstTooLarge(in data: Data) -> (keyPath: String, number: String)? {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return search(root, path: "")
    }

    private static func search(_ value: Any, path: String) -> (keyPath: String, number: String)? {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                guard let child = object[key] else { continue }
                if let found = search(child, path: path.isEmpty ? key : path + "." + key) { return found }
            }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() {
                if let found = search(child, path: path + "[\(index)]") { return found }
            }
        } else if let number = value as? NSNumber, !(abs(number.doubleValue) < largest) {
            return (path, "\(number.doubleValue)")
        }
        return nil
    }
}
