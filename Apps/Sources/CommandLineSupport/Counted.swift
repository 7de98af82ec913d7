/// "1 card", "2 cards", "0 cards": a count with its noun in the number it needs.
/// `plural` is for nouns that do not just take an "s" ("1 entry", "2 entries").
public func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
