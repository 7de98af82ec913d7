import Foundation

extension TimeInterval {
    /// A length of time as a refusal says it, rounded down to its largest units: "40 seconds",
    /// "25 minutes", "2 hours 5 minutes", "40 days", "7900 years".
    var spokenLength: String {
        func count(_ number: Int, _ unit: String) -> String {
            "\(number) \(unit)\(number == 1 ? "" : "s")"
        }
        let seconds = self.isFinite ? Swift.max(self, 0) : 0
        if seconds < 60 { return count(Int(seconds), "second") }
        if seconds < 3600 { return count(Int(seconds / 60), "minute") }
        if seconds < 2 * 86_400 {
            let hours = Int(seconds / 3600), minutes = Int(seconds.truncatingRemainder(dividingBy: 3600) / 60)
            return minutes == 0 ? count(hours, "hour") : count(hours, "hour") + " " + count(minutes, "minute")
        }
        if seconds < 730 * 86_400 { return count(Int(seconds / 86_400), "day") }
        return count(Int(seconds / (365.25 * 86_400)), "year")
    }
}
