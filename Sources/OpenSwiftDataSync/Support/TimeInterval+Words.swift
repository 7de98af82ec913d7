import Foundation

extension TimeInterval {
    /// A length of time as a refusal says it, to the nearest of its smallest unit: "40 seconds",
    /// "25 minutes", "2 hours 5 minutes", "40 days", "7974 years".
    var spokenLength: String {
        func count(_ number: Double, _ unit: String) -> String {
            let whole = Int(number.rounded())
            return "\(whole) \(unit)\(whole == 1 ? "" : "s")"
        }
        let seconds = self.isFinite ? Swift.max(self, 0) : 0
        if seconds < 59.5 { return count(seconds, "second") }
        if seconds < 3570 { return count(seconds / 60, "minute") }
        if seconds < 2 * 86_400 - 30 {
            let minutes = Int((seconds / 60).rounded())
            let hours = count(Double(minutes / 60), "hour")
            return minutes % 60 == 0 ? hours : hours + " " + count(Double(minutes % 60), "minute")
        }
        if seconds < 730 * 86_400 { return count(seconds / 86_400, "day") }
        return count(seconds / (365.25 * 86_400), "year")
    }
}
