import CommandLineSupport
import Foundation
import MomentText
import Trendy

/// An event as `trendy list --json` prints it.
struct EventRow: Encodable {
    let id: String
    /// Left out, as `end` is, for a moment another program stored outside the years Trendy
    /// keeps: written, its year has more than four digits, which no reader of ISO 8601 takes.
    let time: String?
    let type: String?
    let notes: String?
    let allDay: Bool
    let end: String?
    /// Why `time` or `end` is left out, and what mends it.
    let problem: String?

    init(_ event: Event) {
        let formatter = Date.ISO8601FormatStyle()
        // An all-day event's date as the start of it in UTC, whatever form the store kept it in (`AllDay`).
        func written(_ moment: Date) -> String? {
            let moment = event.isAllDay ? AllDay.day(of: moment) : moment
            return MomentText.moments.contains(moment) ? formatter.format(moment) : nil
        }
        id = event.id.uuidString
        time = written(event.timestamp)
        type = event.eventType?.name
        notes = event.notes
        allDay = event.isAllDay
        end = event.endDate.flatMap(written)
        let short = shortID(event)
        let outside = "is outside the years Trendy keeps (\(MomentText.yearsDescription)), as another program stored it: give it one with"
        problem = time == nil ? "its time \(outside) `trendy edit \(short) --at TIME`"
            : event.endDate != nil && end == nil ? "its end \(outside) `trendy edit \(short) --end TIME`" : nil
    }
}

/// The first 8 characters of an id, which `edit` and `delete` take.
func shortID(_ event: Event) -> String { String(event.id.uuidString.prefix(8)).lowercased() }
