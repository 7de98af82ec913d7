import Foundation

/// How names are compared: trimmed, every run of whitespace collapsed to one space,
/// lowercased (Unicode-aware, so "ÉTF" matches "étf").
public enum Identity {
    public static func normalize(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// The key an asset is matched by: `normalizedName|normalizedPlatform`.
    public static func key(name: String, platform: String) -> String {
        "\(normalize(name))|\(normalize(platform))"
    }
}
