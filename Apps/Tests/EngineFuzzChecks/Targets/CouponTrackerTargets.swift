import CouponTracker
import Foundation
import FuzzChecks
import OpenSwiftData

/// CouponTracker's card-template file (`coupontracker --templates FILE`).
public final class CardTemplatesTarget: FuzzTarget {
    public static let name = "coupontracker-templates"
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    public init() throws {}

    public func run(_ data: Data) throws {
        do {
            _ = try CardDatabase.decode(data, file: "fuzz.json", now: Self.now)
        } catch {
            try ErrorCheck.judge(error, placed: CouponTrackerPlaces.named)
        }
    }
}

/// CouponTracker's export file (`coupontracker import FILE`): decoded, then imported
/// into an in-memory wallet holding the bundled templates.
public final class WalletExportTarget: FuzzTarget {
    public static let name = "coupontracker-json"
    let catalog: CardDatabase
    var container: ModelContainer
    var changed = false
    var calendar = Calendar(identifier: .gregorian)

    public init() throws {
        catalog = try CardDatabase.bundled(now: CardTemplatesTarget.now)
        container = try CouponTrackerStore.inMemoryContainer()
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    }

    public func run(_ data: Data) throws {
        if changed {
            container = try CouponTrackerStore.inMemoryContainer()
            changed = false
        }
        do {
            let export = try Wallet.decodeExport(data, file: "fuzz.json")
            try Wallet(context: ModelContext(container), catalog: catalog, calendar: calendar).importData(export)
            changed = true
        } catch {
            try ErrorCheck.judge(error, placed: CouponTrackerPlaces.named)
        }
    }
}

enum CouponTrackerPlaces {
    /// CouponTracker names a JSON value by its key path ("not valid at cards[2].benefits");
    /// the other refusals name the card, id or version they are about.
    static func named(_ message: String) -> Bool {
        ErrorCheck.namesLineOrField(message) || message.contains(" valid at ")
            || message.contains("The export is version") || message.contains("already has the card")
            || message.contains("appears twice") || message.contains("names the benefit")
    }
}
