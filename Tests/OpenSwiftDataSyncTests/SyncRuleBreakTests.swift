import Foundation
import OpenSwiftData
import Testing
@testable import OpenSwiftDataSync

/// A download the app's rules (`ValidatingModel`) refuse is applied all the same and
/// reported: the value is on the server and on the devices that synced it, and refusing it
/// on one device stopped every later download there, for good.
@Suite struct SyncRuleBreakTests {
    static let day: TimeInterval = 86_400
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// Two devices holding one loan of a ladder, lent on day 0.
    static func worldWithALoan() async throws -> SyncWorld {
        try await SyncWorld(devices: 2, models: [SyncLoan.self]).sharedFromFirstDevice { context in
            context.insert(SyncLoan(item: "ladder", lent: start))
        }
    }

    /// Saves `body`'s edit of the first device's loan without the rules, as a client that
    /// uploads without the app's rules does.
    static func editUnchecked(_ device: SyncWorld.Device, _ body: (SyncLoan) -> Void) throws {
        let context = ModelContext(device.container)
        context.validatesModels = false
        for loan in try context.fetch(FetchDescriptor<SyncLoan>()) { body(loan) }
        try context.save()
    }

    @Test func aValueTheRulesRefuseIsAppliedByTheDownload() async throws {
        let world = try await Self.worldWithALoan()
        try Self.editUnchecked(world.devices[0]) { $0.amount = -5 }
        try await world.devices[0].client.syncOnce()
        try await world.devices[1].client.syncOnce()
        #expect(try world.devices[1].container.all(SyncLoan.self).map(\.amount) == [-5])
    }

    @Test func aValueTheRulesRefuseIsReportedWithTheModelAndTheRulesWords() async throws {
        let world = try await Self.worldWithALoan()
        try Self.editUnchecked(world.devices[0]) { $0.amount = -5 }
        try await world.devices[0].client.syncOnce()
        try await world.devices[1].client.syncOnce()
        let breaks = await world.devices[1].client.downloadedRuleBreaks
        let loan = try #require(try world.devices[1].container.all(SyncLoan.self).first)
        #expect(breaks.map(\.model) == [loan.persistentModelID])
        #expect(breaks.map(\.reason) == ["The loan of ladder has an amount below zero."])
        let states = try await world.devices[1].client.currentState()
        #expect(breaks.map(\.syncID) == states.map(\.syncID))
    }

    @Test func downloadsAfterARuleBreakGoOn() async throws {
        let world = try await Self.worldWithALoan()
        try Self.editUnchecked(world.devices[0]) { $0.amount = -5 }
        try await world.devices[0].client.syncOnce()
        try await world.devices[1].client.syncOnce()
        try world.devices[0].container.edit { $0.insert(SyncLoan(item: "drill", lent: Self.start)) }
        try await world.devices[0].client.syncOnce()
        try await world.devices[1].client.syncOnce()
        #expect(try world.devices[1].container.all(SyncLoan.self).map(\.item).sorted() == ["drill", "ladder"])
    }

    @Test func editsThatKeepTheRulesAloneAndBreakThemTogetherAreAppliedAndReported() async throws {
        let world = try await Self.worldWithALoan()
        // Returned on day 5 on one device; lent on day 10 on the other: each keeps the rule.
        try world.devices[0].container.edit { context in
            for loan in try context.fetch(FetchDescriptor<SyncLoan>()) { loan.returned = Self.start.addingTimeInterval(5 * Self.day) }
        }
        try world.devices[1].container.edit { context in
            for loan in try context.fetch(FetchDescriptor<SyncLoan>()) { loan.lent = Self.start.addingTimeInterval(10 * Self.day) }
        }
        try await world.devices[0].client.syncOnce()
        try await world.devices[1].client.syncOnce()
        #expect(await world.devices[1].client.downloadedRuleBreaks.map(\.reason) == ["The loan of ladder was returned before it was lent."])
        try await world.devices[0].client.syncOnce()
        #expect(await world.devices[0].client.downloadedRuleBreaks.map(\.reason) == ["The loan of ladder was returned before it was lent."])
        try await world.expectEveryDeviceMatchesServer()
    }

    @Test func aModelTheDownloadMakesBreakingTheRulesIsMadeAndReported() async throws {
        let world = try SyncWorld(devices: 2, models: [SyncLoan.self])
        let context = ModelContext(world.devices[0].container)
        context.validatesModels = false
        context.insert(SyncLoan(item: "tent", amount: -1, lent: Self.start))
        try context.save()
        try await world.syncAll(rounds: 1)
        #expect(try world.devices[1].container.all(SyncLoan.self).map(\.item) == ["tent"])
        #expect(await world.devices[1].client.downloadedRuleBreaks.map(\.reason) == ["The loan of tent has an amount below zero."])
    }

    @Test func theAppsOwnSaveOfAModelBreakingItsRulesIsStillRefused() async throws {
        let world = try await Self.worldWithALoan()
        try Self.editUnchecked(world.devices[0]) { $0.amount = -5 }
        try await world.syncAll(rounds: 1)
        let context = ModelContext(world.devices[1].container)
        let loan = try #require(try context.fetch(FetchDescriptor<SyncLoan>()).first)
        loan.item = "long ladder"
        #expect(throws: LoanRuleError.self) { try context.save() }
    }

    @Test func aSyncThatDownloadsNothingReportsNoRuleBreaks() async throws {
        let world = try await Self.worldWithALoan()
        try Self.editUnchecked(world.devices[0]) { $0.amount = -5 }
        try await world.syncAll(rounds: 1)
        try await world.devices[1].client.syncOnce()
        #expect(await world.devices[1].client.downloadedRuleBreaks.isEmpty)
    }

    /// The first device's loan given an amount below zero without the rules, synced to the second.
    static func worldWhoseSecondDeviceDownloadedABrokenLoan() async throws -> SyncWorld {
        let world = try await Self.worldWithALoan()
        try Self.editUnchecked(world.devices[0]) { $0.amount = -5 }
        try await world.syncAll(rounds: 1)
        return world
    }

    /// A second client of the device's store, as the next run of an app whose first was
    /// stopped after its sync saved and before it showed what the sync reported.
    static func nextRun(of device: SyncWorld.Device) throws -> SyncClient {
        try SyncClient(modelContainer: device.container, account: "alice", transport: device.transport, schemaVersion: "1.0.0")
    }

    @Test func aRuleBreakAnEarlierSyncBroughtIsReportedByTheNextSyncOfAnotherRun() async throws {
        let world = try await Self.worldWhoseSecondDeviceDownloadedABrokenLoan()
        let next = try Self.nextRun(of: world.devices[1])
        try await next.syncOnce()
        #expect(await next.downloadedRuleBreaks.isEmpty)
        #expect(await next.earlierRuleBreaks.map(\.reason) == ["The loan of ladder has an amount below zero."])
    }

    @Test func aRuleBreakIsReportedAsEarlierAtEverySyncUntilItIsMended() async throws {
        let world = try await Self.worldWhoseSecondDeviceDownloadedABrokenLoan()
        let client = world.devices[1].client
        try await client.syncOnce()
        try await client.syncOnce()
        #expect(await client.earlierRuleBreaks.count == 1)
        try world.devices[1].container.edit { context in
            for loan in try context.fetch(FetchDescriptor<SyncLoan>()) { loan.amount = 5 }
        }
        try await client.syncOnce()
        #expect(await client.earlierRuleBreaks.isEmpty)
    }

    @Test func aMendedRuleBreakIsForgottenByTheStore() async throws {
        let world = try await Self.worldWhoseSecondDeviceDownloadedABrokenLoan()
        try world.devices[1].container.edit { context in
            for loan in try context.fetch(FetchDescriptor<SyncLoan>()) { loan.amount = 5 }
        }
        try await world.devices[1].client.syncOnce()
        #expect(try world.devices[1].container.all(SyncCheckpoint.self).first?.unmendedRuleBreaks == nil)
    }

    @Test func aRuleBreakWhoseModelIsDeletedIsNoLongerReported() async throws {
        let world = try await Self.worldWhoseSecondDeviceDownloadedABrokenLoan()
        try world.devices[1].container.edit { context in
            for loan in try context.fetch(FetchDescriptor<SyncLoan>()) { context.delete(loan) }
        }
        try await world.devices[1].client.syncOnce()
        #expect(await world.devices[1].client.earlierRuleBreaks.isEmpty)
    }

    @Test func aRuleBreakTheDownloadReportsIsNotReportedAsEarlierToo() async throws {
        let world = try await Self.worldWhoseSecondDeviceDownloadedABrokenLoan()
        try Self.editUnchecked(world.devices[0]) { $0.amount = -7 }
        try await world.syncAll(rounds: 1)
        #expect(await world.devices[1].client.downloadedRuleBreaks.count == 1)
        #expect(await world.devices[1].client.earlierRuleBreaks.isEmpty)
    }

    @Test func aDownloadKeepingTheRulesReportsNoRuleBreaks() async throws {
        let world = try await Self.worldWithALoan()
        try world.devices[0].container.edit { context in
            for loan in try context.fetch(FetchDescriptor<SyncLoan>()) { loan.amount = 20 }
        }
        try await world.syncAll(rounds: 1)
        #expect(await world.devices[1].client.downloadedRuleBreaks.isEmpty)
        #expect(try world.devices[1].container.all(SyncLoan.self).map(\.amount) == [20])
    }
}
