import Foundation

/// A component of an iCalendar file (`BEGIN:NAME` ... `END:NAME`): its properties and
/// the components nested in it.
struct ICSComponent {
    var name: String
    var line: Int
    var properties: [ICSContentLine] = []
    var children: [ICSComponent] = []

    func first(_ property: String) -> ICSContentLine? { properties.first { $0.name == property } }
    func all(_ property: String) -> [ICSContentLine] { properties.filter { $0.name == property } }

    /// The file's VCALENDAR. Throws, naming the line, when components do not nest.
    static func calendar(from bytes: [UInt8]) throws -> ICSComponent {
        let lines = try ICSContentLine.lines(of: bytes)
        guard let first = lines.first else { throw ICSError(line: 0, "the file is empty") }
        try requireBeginning(first)
        var stack: [ICSComponent] = []
        var calendar: ICSComponent?
        for line in lines {
            if calendar != nil { throw ICSError(line: line.line, "there is more after END:VCALENDAR") }
            switch line.name {
            case "BEGIN":
                let name = line.value.uppercased()
                // Events are read where RFC 5545 puts them, in the calendar itself: one inside
                // another component (an event, a VTODO, a second VCALENDAR) was left out without a word.
                if name == "VEVENT", stack.count > 1, let parent = stack.last {
                    throw ICSError(line: line.line, "BEGIN:VEVENT is inside BEGIN:\(parent.name) of line \(parent.line), where no "
                                   + "event belongs: an event is a part of the calendar itself (close BEGIN:\(parent.name) before it)")
                }
                stack.append(ICSComponent(name: name, line: line.line))
            case "END":
                guard let open = stack.popLast() else { throw ICSError(line: line.line, "END:\(line.value) has no matching BEGIN") }
                guard open.name == line.value.uppercased() else {
                    throw ICSError(line: line.line, "END:\(line.value) closes BEGIN:\(open.name) of line \(open.line); expected END:\(open.name)")
                }
                if stack.isEmpty { calendar = open } else { stack[stack.count - 1].children.append(open) }
            default:
                guard !stack.isEmpty else { throw ICSError(line: line.line, "\(line.name) is outside BEGIN:VCALENDAR") }
                stack[stack.count - 1].properties.append(line)
            }
        }
        guard let calendar else {
            let open = stack.last
            throw ICSError(line: open?.line ?? 0, "BEGIN:\(open?.name ?? "VCALENDAR") is never closed: the file is cut short")
        }
        return calendar
    }

    /// Throws unless `first`, a file's first content line, begins a calendar.
    static func requireBeginning(_ first: ICSContentLine) throws {
        guard first.name == "BEGIN", first.value.uppercased() == "VCALENDAR" else {
            throw ICSError(line: first.line, "an iCalendar file begins with BEGIN:VCALENDAR, this one with \"\(first.name):\(first.value.prefix(30))\"")
        }
    }
}
