import Foundation
import NameText

/// How names are compared: trimmed, every run of whitespace collapsed to one space, then
/// as every tool compares names (`NameText`: composed, case folded fully, so "ÉTF" matches
/// "étf" and "Straße" matches "STRASSE").
public enum Identity {
    public static func normalize(_ text: String) -> String {
        NameText.key(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    /// The key an asset is matched by: `normalizedName|normalizedPlatform`.
    public static func key(name: String, platform: String) -> String {
        "\(normalize(name))|\(normalize(platform))"
    }
}
