import CouponTracker
import Foundation
import SwiftData
import Testing

/// A wallet on an in-memory store, with the bundled catalog (or another), counting
/// periods in a chosen time zone.
struct TestWallet {
    let container: ModelContainer
    let wallet: Wallet
    var context: ModelContext { wallet.context }
    var calendar: Calendar { wallet.calendar }

    init(zone: String = "UTC", catalog: CardDatabase? = nil) throws {
        container = try CouponTrackerStore.inMemoryContainer()
        let calendar = try Clock.calendar(zone)
        wallet = Wallet(context: ModelContext(container), catalog: try catalog ?? CardDatabase.bundled(now: Clock.epoch),
                        calendar: calendar)
    }

    /// A fresh context on the same store: what was saved, and only that.
    func reread() -> Wallet {
        Wallet(context: ModelContext(container), catalog: wallet.catalog, calendar: wallet.calendar)
    }

    func card(_ template: String, nickname: String? = nil, at now: Date) throws -> UserCard {
        try wallet.addCard(from: wallet.cardTemplate(named: template), nickname: nickname, now: now)
    }

    func benefit(_ name: String, of card: UserCard) throws -> Benefit {
        try wallet.benefit(named: name, on: card)
    }

    func usages() throws -> [BenefitUsage] {
        try context.fetch(FetchDescriptor<BenefitUsage>(sortBy: [SortDescriptor(\.usedDate)]))
    }
}

/// Fixed moments and calendars: no test reads the clock or the machine's time zone.
enum Clock {
    /// 2026-01-01T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)

    static func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return calendar
    }

    /// A wall-clock moment in `zone`.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
                   in zone: String = "UTC") throws -> Date {
        let calendar = try calendar(zone)
        return try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)))
    }
}

/// The real template file of the CouponTracker app, from `../shared/data/` beside the
/// package or `$COUPONTRACKER_TEMPLATES`; tests that need it are skipped without it.
enum RealTemplates {
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["COUPONTRACKER_TEMPLATES"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/data/CardTemplates.json")
    }

    static var available: Bool { FileManager.default.fileExists(atPath: url.path) }

    static func load() throws -> CardDatabase { try CardDatabase.load(from: url, now: Clock.epoch) }
}

func dec(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }
