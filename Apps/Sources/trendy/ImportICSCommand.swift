import ArgumentParser
import CommandLineSupport
import Foundation
import Trendy

struct ImportICSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-ics", abstract: "Import the events of a calendar file (.ics), all in one save.",
        discussion: """
            Each event's summary is matched against the rules in order (ignoring case): \
            the first rule whose pattern it contains gives its type, created if needed. \
            Events no rule matches take --default-type, or are skipped. Recurring events \
            are expanded from --from to --to (default: the past year), at most 5,000 repeats \
            each (the rest are counted, with the --from that imports them). An event imported \
            before (same UID and start) is skipped. A file with an error imports nothing.
            """)
    @Argument(help: "The .ics file.", completion: .file(extensions: ["ics"])) var file: String
    @Option(name: .customLong("rule"), help: ArgumentHelp("pattern=Type, repeatable.", valueName: "rule")) var rules: [String] = []
    @Option(name: .customLong("default-type"), help: "The type of events no rule matches.") var defaultType: String?
    @Option(help: ArgumentHelp("Expand recurring events from this day.", valueName: "day")) var from: String?
    @Option(help: ArgumentHelp("Expand recurring events up to this day (included).", valueName: "day")) var to: String?
    @OptionGroup var json: JSONOption
    @OptionGroup var store: StoreOptions

    func run() throws {
        // Interrupted while the file is read and checked (seconds for a large one), the import says so as it does later.
        try onMain { try Interruption.whileImporting(json: json.enabled) {
            let input = TimeInput.current
            let parsedRules = try rules.map { text in
                guard let rule = ImportRule(parsing: text) else { throw ToolError("--rule \"\(text)\" is not pattern=Type, for example gym=Workout.") }
                return rule
            }
            if parsedRules.isEmpty, defaultType == nil {
                throw ToolError("Say which type events get: give --rule pattern=Type (repeatable), --default-type NAME, or both.")
            }
            let upper = try to.map { try input.parseDay($0, endOfRange: true) } ?? input.now
            let lower = try from.map { try input.parseDay($0, endOfRange: false) }
                ?? input.calendar.date(byAdding: .year, value: -1, to: upper) ?? upper
            guard lower < upper else { throw TrendyError.invalidRange }
            let options = CalendarImporter.Options(rules: parsedRules, defaultTypeName: defaultType,
                                                   window: DateInterval(start: lower, end: upper), timeZone: input.calendar.timeZone)
            // The file is read whole before the store is opened: a bad file leaves no trace, not even a new store.
            // Bytes, not text: the reader unfolds lines before it reads them as UTF-8.
            let bytes = try InputFile.read(UserPath.expanded(file), what: "calendar file", firstPart: ICSCalendarReader.refuseStart)
            let reading = try ICSCalendarReader.read(bytes, window: options.window, timeZone: options.timeZone)
            let occurrences = reading.occurrences
            let events = try store.open(writing: true, creating: true)
            // Under --json, standard error holds nothing but an error: no notes of the save.
            let bar = ImportProgress(enabled: !json.enabled)
            let summary = try events.require(events.importOccurrences(occurrences, options: options, progress: bar.update))
            bar.finish(saved: summary.total)
            if json.enabled {
                // In `import --json`'s words, with the counts only a calendar has (`ImportCounts`).
                return try printJSON(ImportCounts(typesAdded: summary.typesCreated.count, eventsAdded: summary.total,
                                                  eventsSkipped: summary.duplicates, typesAddedNames: summary.typesCreated,
                                                  eventsAddedByType: summary.added, eventsUnmatched: summary.unmatched))
            }
            print("Imported \(counted(summary.total, "event"))"
                  + (summary.added.isEmpty ? "" : ": " + summary.added.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
                  + ".")
            if !summary.typesCreated.isEmpty { print("New types: \(summary.typesCreated.joined(separator: ", ").forTerminal).") }
            if summary.duplicates > 0 { print("Skipped \(summary.duplicates) already imported.") }
            // Only the repeats of recurring events are bounded by the range; a single event is
            // imported wherever it falls, so say how many fell outside it.
            let outside = occurrences.map { $0.start(in: input.calendar) }
                .filter { !options.window.contains($0) || $0 == options.window.end }.count
            if outside > 0 {
                print("\(counted(outside, "event")) of the file \(outside == 1 ? "is" : "are") outside \(input.show(lower, allDay: true)) "
                      + "to \(input.show(upper.addingTimeInterval(-1), allDay: true)): single events are imported wherever they fall; "
                      + "--from and --to bound only the repeats of recurring events.")
            }
            for repeats in reading.leftOut {
                let name = repeats.summary.isEmpty ? repeats.uid : repeats.summary
                print("\(counted(repeats.count, "repeat")) of \(TerminalText.quoted(name)) from "
                      + "\(input.show(repeats.firstLeftOut, allDay: false)) on \(repeats.count == 1 ? "was" : "were") left out: "
                      + "a recurring event imports at most \(ICSCalendarReader.mostRepeatsPerEvent.formatted()) repeats at a time. "
                      + "Import them with --from \(input.show(repeats.firstLeftOut, allDay: true)) (and a --to), or give --from and --to "
                      + "a narrower range.")
            }
            if summary.unmatched > 0 { print("Skipped \(summary.unmatched) that no rule matched (give --default-type to keep them).") }
        } }
    }
}
