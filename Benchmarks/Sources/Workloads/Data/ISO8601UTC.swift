import Foundation

/// `yyyy-MM-dd'T'HH:mm:ss'Z'` in UTC: what `ISO8601DateFormatter().string(from:)`
/// prints with its default options. Hand-rolled because the seed's export creates a
/// formatter per card, and Foundation's formatter would then dominate W6's CSV step
/// for every engine alike and hide the differences under test.
public enum ISO8601UTC {
    public static func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }

        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        var s = ""
        s.reserveCapacity(20)
        func pad(_ value: Int, _ width: Int) {
            let digits = String(value)
            if digits.count < width { s += String(repeating: "0", count: width - digits.count) }
            s += digits
        }
        pad(year, 4); s += "-"; pad(month, 2); s += "-"; pad(day, 2); s += "T"
        pad(secondOfDay / 3600, 2); s += ":"; pad(secondOfDay / 60 % 60, 2); s += ":"; pad(secondOfDay % 60, 2)
        s += "Z"
        return s
    }
}
