import ArgumentParser
import CommandLineSupport
import CouponTracker
import Foundation
import SwiftData

/// `--store`, `--now`, `--time-zone` and `--templates`, taken by every command.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store file.", valueName: "path"), completion: .file())
    var path: String?

    @Option(name: .customLong("now"),
            help: ArgumentHelp("The moment to act as of: YYYY-MM-DD, YYYY-MM-DDTHH:MM (local) or ISO 8601 with a zone. Default: the clock.",
                               valueName: "moment"))
    var nowText: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp("The time zone periods are counted in, such as America/New_York. Default: the system's.", valueName: "zone"))
    var timeZoneName: String?

    @Option(name: .customLong("templates"), help: ArgumentHelp("A card-template file to use instead of the bundled one.", valueName: "file"), completion: .file())
    var templatesPath: String?

    var url: URL {
        guard let path else { return DataFolder.defaultStore(app: "CouponTracker") }
        return URL(fileURLWithPath: UserPath.expanded(path))
    }

    func calendar() throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        if let timeZoneName {
            guard let zone = TimeZone(identifier: timeZoneName) else {
                throw ToolError("'\(timeZoneName)' is not a time zone: use a name such as America/New_York or UTC.")
            }
            calendar.timeZone = zone
        } else {
            calendar.timeZone = .current
        }
        return calendar
    }

    func now() throws -> Date {
        guard let nowText else { return Date() }
        // Without --time-zone, a `TZ` with summer-time rules reads the time on its own clock.
        return try Moment.parse(nowText, calendar: calendar(), rule: timeZoneName == nil ? TimeZoneVariable.rule : nil)
    }

    func catalog() throws -> CardDatabase {
        let now = try now()
        guard let templatesPath else { return try CardDatabase.bundled(now: now) }
        let path = UserPath.expanded(templatesPath)
        // A FIFO would be waited on for ever, and a file of gigabytes read whole: ordinary files, of a bounded size.
        if FileManager.default.fileExists(atPath: path) {
            let data = try InputFile.read(path, what: "template file") { try CardDatabase.refuseStart($0, file: path, now: now) }
            return try CardDatabase.decode(data, file: path, now: now)
        }
        // Named as given, as the file that is there is.
        throw TemplateError.unreadable(file: path, reason: "there is no such file")
    }

    /// The wallet on the store. Only a command that adds a card may create a missing
    /// store (`creating`); any other refuses it rather than creating an empty one (a
    /// mistyped --store). `changing` marks a command that changes the store; it takes
    /// no lock of its own: each change checks and saves in one transaction of the library.
    func open(creating: Bool = false, changing: Bool = false) throws -> Wallet {
        try StorePath(tool: "coupontracker", storeName: "CouponTracker store",
                      start: "add a card (`coupontracker add --template NAME`)").check(url, mayCreate: creating)
        if !creating, !FileManager.default.fileExists(atPath: url.path) {
            throw ToolError("There is no store at \(TerminalText.quoted(url.path)) yet. Add a card (`coupontracker add --template NAME`) or run `coupontracker demo`.")
        }
        let catalog = try catalog()
        if creating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let container = try CouponTrackerStore.container(at: url)
        return Wallet(context: ModelContext(container), catalog: catalog, calendar: try calendar())
    }
}

extension GlobalOptions {
    /// Runs `body` on the wallet, creating the store (and its folder) if there is none. A
    /// command that may start a store checks what it was given before it calls this
    /// (`Wallet.check`, `Wallet.checkNewCard`), so that a refusal makes neither; nothing is
    /// removed after a refusal, which could take away a store another process had just made
    /// at the same path.
    func creating<T>(_ body: (Wallet) throws -> T) throws -> T {
        try body(try open(creating: true))
    }
}
