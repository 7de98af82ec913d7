import CheckThenSave
import Foundation
import NameText
import SwiftData

/// AssetFlow's data layer: every change the app makes, each checked against the
/// identity and delete rules and saved at once, or refused with a named error and
/// nothing changed.
///
/// Identity rules: category names are unique ignoring case and spacing; an asset is
/// its (name, platform) pair, trimmed, inner whitespace collapsed and lowercased; one
/// snapshot per day (a calendar date, whatever the time zone: `Days`); a cash flow's description is unique within its
/// snapshot ignoring case and spacing.
///
/// Each change reads what its rules need and saves in one transaction
/// (`ModelContext.transaction(block:)`): a name found free is still free at the save,
/// whatever another context, thread or process of the same store does meanwhile, and
/// the one that comes second is told the name is taken.
public final class Portfolio {
    public let context: ModelContext
    public let days: Days

    public init(context: ModelContext) {
        self.context = context
        self.days = Days()
    }

    /// Runs `changes` (its checks, then its edits) and saves them as one transaction, or
    /// undoes them all if anything throws: a refused operation leaves the context as the
    /// store is. The checks belong inside: what they read holds until the save.
    func change<T>(_ changes: () throws -> T) throws -> T {
        // One inside another (`together`) is part of it, checked and saved with it.
        if changing { return try changes() }
        changing = true
        defer { changing = false }
        do {
            return try context.withTransaction(changes)
        } catch {
            context.rollback()
            throw error
        }
    }

    /// Whether a `change` is running.
    private var changing = false

    /// Runs `changes`: any number of this portfolio's changes (a category, then assets
    /// in it), checked and saved together in one transaction, or, if one is refused,
    /// none of them.
    public func together<T>(_ changes: () throws -> T) throws -> T {
        try change(changes)
    }

    // MARK: Lookups

    public func categories() throws -> [Category] {
        try context.fetch(FetchDescriptor<Category>(sortBy: [SortDescriptor(\.displayOrder), SortDescriptor(\.name)]))
    }

    public func category(named name: String) throws -> Category {
        let key = Identity.normalize(name)
        guard let category = try categories().first(where: { $0.normalizedName == key }) else { throw CategoryError.notFound(name) }
        return category
    }

    public func assets() throws -> [Asset] {
        try context.fetch(FetchDescriptor<Asset>(sortBy: [SortDescriptor(\.name), SortDescriptor(\.platform)]))
    }

    public func asset(named name: String, platform: String = "") throws -> Asset {
        let key = Identity.key(name: name, platform: platform)
        var descriptor = FetchDescriptor<Asset>(predicate: #Predicate { $0.identityKey == key })
        descriptor.fetchLimit = 1
        if let asset = try context.fetch(descriptor).first { return asset }
        guard let asset = try assets().first(where: { Self.identity(of: $0) == key }) else {
            throw AssetError.notFound(name: name, platform: platform)
        }
        return asset
    }

    /// The key an asset is matched by, from its name and platform as they are now. An asset
    /// stored by an earlier version keeps the `identityKey` it was given then (names were
    /// lowercased, not folded: "straße" where "strasse" is now), so a lookup the index
    /// misses compares every asset's names again.
    static func identity(of asset: Asset) -> String { Identity.key(name: asset.name, platform: asset.platform) }

    /// Snapshots, oldest first.
    public func snapshots() throws -> [Snapshot] {
        try context.fetch(FetchDescriptor<Snapshot>(sortBy: [SortDescriptor(\.date)]))
    }

    /// The day `text` names, or, for a text that is not a day, the date of the snapshot that
    /// `snapshot list` shows as `text`: one another program stored on a date outside the years
    /// a day is written in (10^300 seconds from 1970, "506713-02-07"), which no day names, so
    /// that it can be shown and deleted; it was the latest snapshot of every report for good.
    public func snapshotDay(_ text: String) throws -> Date {
        do {
            return try days.parse(text)
        } catch let error as SnapshotError {
            guard let listed = try snapshots().first(where: { days.format($0.date) == text }) else { throw error }
            return listed.date
        }
    }

    /// The snapshot of the day of the moment `day` (in UTC, `Days`), or the one whose
    /// `date` is `day` (a snapshot's own date given back).
    public func snapshot(on day: Date) throws -> Snapshot {
        var exact = FetchDescriptor<Snapshot>(predicate: #Predicate { $0.date == day })
        exact.fetchLimit = 1
        if let snapshot = try context.fetch(exact).first { return snapshot }
        // A range, not one moment: a store written before may hold the day's start in another zone (`Days`).
        let start = days.calendar.startOfDay(for: day), (after, upTo) = days.stored(on: day)
        var descriptor = FetchDescriptor<Snapshot>(predicate: #Predicate { $0.date > after && $0.date <= upTo })
        descriptor.fetchLimit = 1
        guard let snapshot = try context.fetch(descriptor).first else { throw SnapshotError.notFound(days.format(start)) }
        return snapshot
    }

    // MARK: Categories

    @discardableResult
    public func addCategory(named name: String, target: Decimal? = nil, displayOrder: Int = 0) throws -> Category {
        try Self.checkNewCategory(named: name, target: target)
        return try change {
            try checkCategoryName(name, excluding: nil)
            let category = Category(name: Self.tidy(name), targetAllocationPercentage: target, displayOrder: displayOrder)
            context.insert(category)
            return category
        }
    }

    public func renameCategory(_ name: String, to newName: String) throws {
        try change {
            let category = try self.category(named: name)
            try checkCategoryName(newName, excluding: category)
            category.name = Self.tidy(newName)
        }
    }

    public func setTarget(of name: String, to target: Decimal?) throws {
        try Self.checkTarget(target)
        try change { try self.category(named: name).targetAllocationPercentage = target }
    }

    /// Deletes a category. One that still holds assets is refused with their names,
    /// unless `reassignTo` names another category (or "" for none), which takes them first.
    public func deleteCategory(_ name: String, reassigningTo other: String? = nil) throws {
        try change {
            let category = try self.category(named: name)
            // Read from the store inside the transaction, not the relationship a model loaded
            // before it (`category list`, the command's own row): an asset another assetflow
            // added to the category since was missed, and the delete refused by the store's
            // rule in its words ("1 record still refer to it"), --reassign-to given or not.
            let id = category.id
            let held = try context.fetch(FetchDescriptor<Asset>(predicate: #Predicate { $0.category?.id == id }))
            let destination: Category?
            switch other {
            case nil:
                guard held.isEmpty else {
                    throw CategoryError.hasAssets(category: category.name, assets: held.map(Self.label).sorted())
                }
                destination = nil
            case let other?:
                destination = other.isEmpty ? nil : try self.category(named: other)
                if destination === category { throw CategoryError.duplicateName(category.name) }
            }
            for asset in held { asset.category = destination }
            context.delete(category)
        }
    }

    /// Throws when a category cannot be made of `name` and `target` whatever the store holds:
    /// checked before a store is opened, so that a refused first command leaves no new store behind.
    public static func checkNewCategory(named name: String, target: Decimal?) throws {
        try checkTarget(target)
        if !NameText.showsSomething(name) { throw CategoryError.emptyName }
        try checkOneLine(name, what: "category name")
        try refuseReservedName(name)
    }

    /// The report's row of the assets in no category is "Uncategorized": a category of that
    /// name made two rows of one name, in the table and in `report --json`.
    static func refuseReservedName(_ name: String) throws {
        if Identity.normalize(name) == Identity.normalize(Valuation.uncategorized) { throw CategoryError.reservedName(tidy(name)) }
    }

    private func checkCategoryName(_ name: String, excluding category: Category?) throws {
        let key = Identity.normalize(name)
        if !NameText.showsSomething(name) { throw CategoryError.emptyName }
        try Self.checkOneLine(name, what: "category name")
        try Self.refuseReservedName(name)
        if let existing = try categories().first(where: { $0.normalizedName == key && $0 !== category }) {
            throw CategoryError.duplicateName(existing.name)
        }
    }

    private static func checkTarget(_ target: Decimal?) throws {
        if let target, target < 0 || target > 100 { throw CategoryError.invalidTargetAllocation(Money.text(target)) }
    }

    // MARK: Assets

    @discardableResult
    public func addAsset(named name: String, platform: String = "", currency: String, category: String? = nil) throws -> Asset {
        let currency = try Self.checkNewAsset(named: name, platform: platform, currency: currency)
        return try change {
            try checkAssetIdentity(name: name, platform: platform, excluding: nil)
            let category = try category.map(self.category(named:))
            let asset = Asset(name: Self.tidy(name), platform: Self.tidy(platform), currency: currency)
            context.insert(asset)
            asset.category = category
            return asset
        }
    }

    /// The currency code of a new asset, unless what it is given cannot make one whatever the
    /// store holds: checked before a store is opened, so that a refused first command leaves no new store behind.
    @discardableResult
    public static func checkNewAsset(named name: String, platform: String, currency: String) throws -> String {
        let code = try CurrencyCode.parse(currency)
        if !NameText.showsSomething(name) { throw AssetError.emptyName }
        try checkOneLine(name, what: "asset name")
        try checkOneLine(platform, what: "platform")
        // No platform is written as none; one given must show, as a name must.
        if !NameText.isBlank(platform), !NameText.showsSomething(platform) { throw AssetError.emptyPlatform }
        return code
    }

    /// Moves an asset to a category, or out of any (`category` nil).
    public func moveAsset(named name: String, platform: String = "", to category: String?) throws {
        try change {
            let asset = try self.asset(named: name, platform: platform)
            asset.category = try category.map(self.category(named:))
        }
    }

    public func renameAsset(named name: String, platform: String = "", to newName: String) throws {
        if !NameText.showsSomething(newName) { throw AssetError.emptyName }
        try Self.checkOneLine(newName, what: "asset name")
        try change {
            let asset = try self.asset(named: name, platform: platform)
            try checkAssetIdentity(name: newName, platform: asset.platform, excluding: asset)
            asset.name = Self.tidy(newName)
            asset.identityKey = Identity.key(name: asset.name, platform: asset.platform)
        }
    }

    /// Renames a platform on every asset that uses it.
    public func renamePlatform(_ platform: String, to newPlatform: String) throws {
        guard NameText.showsSomething(newPlatform) else { throw AssetError.emptyPlatform }
        try Self.checkOneLine(newPlatform, what: "platform")
        let key = Identity.normalize(platform)
        try change {
            let all = try assets()
            let moving = all.filter { $0.normalizedPlatform == key }
            guard !moving.isEmpty else { throw PlatformError.notFound(platform) }
            // The other assets by identity, made once: looked through for each asset moving, a
            // rename of 1,000 assets among 2,000 took 24 seconds.
            let movingIDs = Set(moving.map(ObjectIdentifier.init))
            var others: [String: Asset] = [:]
            for asset in all where !movingIDs.contains(ObjectIdentifier(asset)) {
                let identity = Self.identity(of: asset)
                if others[identity] == nil { others[identity] = asset }
            }
            for asset in moving {
                if let other = others[Identity.key(name: asset.name, platform: newPlatform)] {
                    throw PlatformError.renameCollides(from: platform, to: newPlatform, asset: other.name)
                }
            }
            for asset in moving {
                asset.platform = Self.tidy(newPlatform)
                asset.identityKey = Identity.key(name: asset.name, platform: asset.platform)
            }
        }
    }

    /// Deletes an asset; one with recorded values is refused with the snapshots that hold them.
    public func deleteAsset(named name: String, platform: String = "") throws {
        try change {
            let asset = try self.asset(named: name, platform: platform)
            // From the store, as `deleteCategory` reads its assets: a value another assetflow
            // set since the asset was loaded was missed, and the delete refused in the store's words.
            let id = asset.id
            let values = try context.fetch(FetchDescriptor<SnapshotAssetValue>(predicate: #Predicate { $0.asset?.id == id }))
            guard values.isEmpty else {
                let snapshots = values.compactMap { $0.snapshot?.date }.sorted().map(days.format)
                throw AssetError.hasValues(asset: Self.label(asset), snapshots: snapshots)
            }
            context.delete(asset)
        }
    }

    private func checkAssetIdentity(name: String, platform: String, excluding asset: Asset?) throws {
        let key = Identity.key(name: name, platform: platform)
        let same = try context.fetch(FetchDescriptor<Asset>(predicate: #Predicate { $0.identityKey == key }))
            + assets().filter { Self.identity(of: $0) == key }
        if let existing = same.first(where: { $0 !== asset }) {
            throw AssetError.duplicateIdentity(name: existing.name, platform: existing.platform)
        }
    }

    // MARK: Snapshots

    @discardableResult
    public func createSnapshot(on day: Date, createdAt: Date = Date()) throws -> Snapshot {
        let start = days.calendar.startOfDay(for: day)
        return try change {
            if (try? snapshot(on: start)) != nil { throw SnapshotError.alreadyExists(days.format(start)) }
            let snapshot = Snapshot(date: start, calendar: days.calendar, createdAt: createdAt)
            context.insert(snapshot)
            return snapshot
        }
    }

    /// Records an asset's market value in a snapshot, replacing the one it had there.
    public func setValue(_ value: Decimal, of name: String, platform: String = "", on day: Date) throws {
        try change {
            let snapshot = try self.snapshot(on: day)
            record(value, of: try self.asset(named: name, platform: platform), in: snapshot)
        }
    }

    /// Removes an asset's value from a snapshot.
    public func removeValue(of name: String, platform: String = "", on day: Date) throws {
        try change {
            let snapshot = try self.snapshot(on: day)
            let asset = try self.asset(named: name, platform: platform)
            for value in snapshot.assetValues ?? [] where value.asset === asset { context.delete(value) }
        }
    }

    func record(_ value: Decimal, of asset: Asset, in snapshot: Snapshot) {
        if let existing = (snapshot.assetValues ?? []).first(where: { $0.asset === asset }) {
            existing.marketValue = value
        } else {
            let recorded = SnapshotAssetValue(marketValue: value)
            context.insert(recorded)
            recorded.snapshot = snapshot
            recorded.asset = asset
        }
    }

    @discardableResult
    public func addCashFlow(_ description: String, amount: Decimal, currency: String = "", on day: Date) throws -> CashFlowOperation {
        let key = Identity.normalize(description)
        if key.isEmpty { throw SnapshotError.emptyCashFlowDescription }
        let currency = try currency.isEmpty ? "" : CurrencyCode.parse(currency)
        return try change {
            let snapshot = try self.snapshot(on: day)
            if (snapshot.cashFlowOperations ?? []).contains(where: { $0.normalizedDescription == key }) {
                throw SnapshotError.duplicateCashFlow(snapshot: days.format(snapshot.date), description: Self.tidy(description))
            }
            let operation = CashFlowOperation(cashFlowDescription: Self.tidy(description), amount: amount, currency: currency)
            context.insert(operation)
            operation.snapshot = snapshot
            return operation
        }
    }

    /// Sets a snapshot's exchange rates: units of each currency per one `base`.
    public func setRates(on day: Date, base: String, rates: [String: Decimal], isFallback: Bool = false) throws {
        try change {
            let snapshot = try self.snapshot(on: day)
            let base = try heldOrCurrentCurrency(base).lowercased()
            var exact: [String: Decimal] = [:]
            for (code, rate) in rates {
                guard rate > 0 else { throw SnapshotError.invalidAmount(Money.text(rate)) }
                let key = try heldOrCurrentCurrency(code).lowercased()
                guard key != base else { throw SnapshotError.rateForBase(key.uppercased()) }
                guard exact[key] == nil else { throw SnapshotError.duplicateRate(key.uppercased()) }
                exact[key] = rate
            }
            let json = try ExchangeRate.encode(exact)
            if let old = snapshot.exchangeRate { context.delete(old) }
            let rate = ExchangeRate(baseCurrency: base, ratesJSON: json, fetchDate: snapshot.date, isFallback: isFallback)
            context.insert(rate)
            snapshot.exchangeRate = rate
        }
    }

    /// Deletes a snapshot with its values, cash flows and rates (`.cascade`).
    public func deleteSnapshot(on day: Date) throws {
        try change {
            let snapshot = try self.snapshot(on: day)
            // Its values and rates as the store holds them, deleted with it: the engine's cascade
            // deletes the members the snapshot had loaded (`snapshot delete` loads them to show
            // the row it deleted), so a value another assetflow set since was left behind, naming a
            // snapshot that was gone, and its asset could never be deleted ("has values in 0 snapshots ()").
            let id = snapshot.id
            for value in try context.fetch(FetchDescriptor<SnapshotAssetValue>(predicate: #Predicate { $0.snapshot?.id == id })) {
                context.delete(value)
            }
            for rates in try context.fetch(FetchDescriptor<ExchangeRate>(predicate: #Predicate { $0.snapshot?.id == id })) {
                context.delete(rates)
            }
            context.delete(snapshot)
        }
    }

    // MARK: Helpers

    /// How an asset is named to a user: "Name (Platform)".
    public static func label(_ asset: Asset) -> String {
        asset.platform.isEmpty ? asset.name : "\(asset.name) (\(asset.platform))"
    }

    /// Refuses a name with a tab or a line break inside it (`NameLineBreak`): names are one
    /// line in every tool. The white space around it is trimmed, as it is stored.
    static func checkOneLine(_ text: String, what: String) throws {
        if let problem = NameLineBreak(in: text.trimmingCharacters(in: .whitespacesAndNewlines), what: what) { throw problem }
    }

    /// Trimmed, inner spaces collapsed, case kept: the form names are stored in.
    static func tidy(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
