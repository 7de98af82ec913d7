import MomentText

/// The years Trendy's times fall in. Whether a written day exists is `MomentText`'s rule,
/// shared with the other apps (Foundation's parsers move a day that does not exist, and
/// take any year, so a typo would become a real-looking event decades or days away).
public enum PlausibleDates {
    /// As CardShow Pro's: far enough back for old records, far enough ahead for plans.
    public static let years = MomentText.years
}
