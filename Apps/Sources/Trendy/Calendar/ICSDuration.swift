import Foundation

/// A DURATION value (RFC 5545, 3.3.6): `P1D`, `PT1H30M`, `P2W`, `-PT15M`.
struct ICSDuration: Equatable {
    var seconds: Int

    init(_ line: ICSContentLine) throws {
        let text = line.value.trimmingCharacters(in: .whitespaces).uppercased()
        func fail() -> ICSError { ICSError(line: line.line, "DURATION \"\(text)\" is not a duration such as PT1H30M or P1D") }
        var rest = Substring(text)
        var sign = 1
        if rest.first == "-" { sign = -1; rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
        guard rest.first == "P" else { throw fail() }
        rest = rest.dropFirst()
        var total = 0, digits = "", inTime = false, sawUnit = false
        for character in rest {
            if character.isNumber, character.isASCII { digits.append(character); continue }
            if character == "T" { guard digits.isEmpty, !inTime else { throw fail() }; inTime = true; continue }
            guard let value = Int(digits) else { throw fail() }
            let unit: Int? = switch (character, inTime) {
            case ("W", false): 604_800
            case ("D", false): 86_400
            case ("H", true): 3_600
            case ("M", true): 60
            case ("S", true): 1
            default: nil
            }
            guard let unit else { throw fail() }
            // Past `Int.max` seconds (292 billion years) the sum would overflow and stop the process.
            let (seconds, overflows) = value.multipliedReportingOverflow(by: unit)
            let (sum, sumOverflows) = total.addingReportingOverflow(seconds)
            guard !overflows, !sumOverflows else {
                throw ICSError(line: line.line, "DURATION \"\(text)\" is longer than any event Trendy keeps, which ends by "
                               + "\(PlausibleDates.years.upperBound)")
            }
            total = sum
            digits = ""
            sawUnit = true
        }
        guard sawUnit, digits.isEmpty else { throw fail() }
        seconds = sign * total
    }
}
