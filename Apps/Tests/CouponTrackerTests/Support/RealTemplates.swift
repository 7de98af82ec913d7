import CouponTracker
import Foundation

/// The real template file of the CouponTracker app, from `../shared/data/` beside the
/// package or `$COUPONTRACKER_TEMPLATES`; tests that need it are skipped without it.
enum RealTemplates {
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["COUPONTRACKER_TEMPLATES"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/data/CardTemplates.json")
    }

    static var available: Bool { FileManager.default.fileExists(atPath: url.path) }

    static func load() throws -> CardDatabase { try CardDatabase.load(from: url, now: Clock.epoch) }
}
