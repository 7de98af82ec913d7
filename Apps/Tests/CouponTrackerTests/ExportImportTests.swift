@testable import CouponTracker
import Foundation
import SwiftData
import Testing

@Suite struct ExportImportTests {
    let t: TestWallet
    let now: Date

    init() throws {
        t = try TestWallet()
        now = try Clock.at(2026, 2, 10, 15, 30)
        let gold = try t.card("Gold Card", nickname: "Dining", at: Clock.at(2026, 1, 5))
        try t.wallet.processResets(asOf: Clock.at(2026, 2, 2))
        try t.wallet.markUsed(try t.benefit("Uber Cash", of: gold), notes: "ride", now: now)
        let custom = try t.wallet.addCustomCard(name: "Costco", issuer: "Citi", colorHex: "#112233", now: now)
        try t.wallet.addCustomBenefit(to: custom, name: "Gas", value: dec("9.99"), frequency: .quarterly, now: now)
        try t.wallet.updatePreferences(now: now) { $0.preferredReminderHour = 18; $0.quietHoursEnabled = true }
    }

    func fingerprint(_ wallet: Wallet) throws -> [String] {
        try wallet.cards().flatMap { card in
            ["\(card.id) \(wallet.name(of: card)) \(card.isCustom) \(card.customIssuer ?? "-") \(card.customColorHex ?? "-") \(card.sortOrder)"]
                + card.benefits.sorted { $0.id.uuidString < $1.id.uuidString }.map { benefit in
                    "\(benefit.id) \(wallet.name(of: benefit)) \(wallet.value(of: benefit)) \(benefit.status) \(benefit.currentPeriodStart) \(benefit.nextResetDate) \(benefit.reminderDaysBefore) \(benefit.customFrequency?.rawValue ?? "-")"
                        + benefit.usageHistory.sorted { $0.usedDate < $1.usedDate }.map { usage in
                            " [\(usage.id) \(usage.usedDate.timeIntervalSince1970) \(usage.valueRedeemed) \(usage.wasAutoExpired) \(usage.notes ?? "-") \(usage.cardNameSnapshot ?? "-")]"
                        }.joined()
                }
        }
    }

    @Test func anExportImportsIntoAnEmptyStoreUnchanged() throws {
        let data = try t.wallet.exportJSON(now: now)
        let other = try TestWallet()
        #expect(try other.wallet.importData(Wallet.decodeExport(data, file: "wallet.json")) == 2)
        #expect(try fingerprint(other.reread()) == fingerprint(t.wallet))
        #expect(try other.reread().preferences().preferredReminderHour == 18)
        #expect(try other.reread().preferences().quietHoursEnabled)
    }

    @Test func progressIsReportedAfterEachCardUpToEveryRecord() throws {
        let data = try Wallet.decodeExport(try t.wallet.exportJSON(now: now), file: "wallet.json")
        let records = data.cards.reduce(0) { $0 + 1 + $1.benefits.count + $1.usageHistory.count }
        var reports: [[Int]] = []
        _ = try TestWallet().wallet.importData(data) { reports.append([$0, $1]) }
        #expect(reports.count == 2)
        #expect(reports.last == [records, records])
        #expect(reports.first.map { $0[0] < records } == true)
    }

    @Test func theExportHasTheSeedsShape() throws {
        let json = try JSONSerialization.jsonObject(with: try t.wallet.exportJSON(now: now)) as? [String: Any]
        #expect(Set(json?.keys.map { $0 } ?? []) == ["exportVersion", "exportDate", "cards", "preferences"])
        let cards = json?["cards"] as? [[String: Any]] ?? []
        #expect(cards.count == 2)
        // Absent optionals are left out of the JSON, so each key is looked for where it is set.
        for key in ["id", "templateId", "nickname", "isCustom", "benefits", "usageHistory"] {
            #expect(cards.first?.keys.contains(key) == true, "\(key)")
        }
        for key in ["customName", "customIssuer", "customColorHex"] {
            #expect(cards.last?.keys.contains(key) == true, "\(key)")
        }
        #expect(json?["exportVersion"] as? Int == 1)
    }

    @Test func importingACardThatIsAlreadyThereImportsNothing() throws {
        let data = try Wallet.decodeExport(try t.wallet.exportJSON(now: now), file: "wallet.json")
        let before = try fingerprint(t.wallet)
        #expect(throws: ExchangeError.self) { try t.wallet.importData(data) }
        #expect(try fingerprint(t.reread()) == before)
    }

    @Test func anImportThatFailsValidationImportsNothing() throws {
        var text = String(decoding: try t.wallet.exportJSON(now: now), as: UTF8.self)
        text = text.replacingOccurrences(of: #""reminderDaysBefore" : 7"#, with: #""reminderDaysBefore" : 99"#)
        let other = try TestWallet()
        #expect {
            try other.wallet.importData(Wallet.decodeExport(Data(text.utf8), file: "wallet.json"))
        } throws: { error in
            guard case let .invalidRecord(keyPath, problem) = error as? ExchangeError else { return false }
            return keyPath.hasPrefix("cards[0].benefits[") && keyPath.hasSuffix("].reminderDaysBefore")
                && problem == "Reminder days must be between 0 and 30, not 99."
        }
        #expect(try other.reread().cards().isEmpty)
        #expect(try other.reread().context.fetchCount(FetchDescriptor<BenefitUsage>()) == 0)
    }

    /// Issue 33's twentieth pass: a benefit the wallet's rules refuse was named by its place
    /// alone, "not valid at cards[0].benefits[0]: Reminder days must be between 0 and 30.",
    /// neither the field nor the value the file gives it; cardshow's card rules name both.
    @Test func aBenefitTheRulesRefuseIsNamedByItsFieldAndValue() throws {
        let text = String(decoding: try t.wallet.exportJSON(now: now), as: UTF8.self)
        let other = try TestWallet()
        let negative = text.replacingOccurrences(of: #""reminderDaysBefore" : 7"#, with: #""reminderDaysBefore" : -5"#)
        #expect(throws: ExchangeError.invalidRecord(keyPath: "cards[0].benefits[0].reminderDaysBefore",
                                                    problem: "Reminder days must be between 0 and 30, not -5.")) {
            try other.wallet.importData(Wallet.decodeExport(Data(negative.utf8), file: "wallet.json"))
        }
        var document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var cards = try #require(document["cards"] as? [[String: Any]])
        var benefits = try #require(cards[0]["benefits"] as? [[String: Any]])
        benefits[0]["currentPeriodEnd"] = "2000-01-01T00:00:00.000Z"
        cards[0]["benefits"] = benefits
        document["cards"] = cards
        let reversed = try JSONSerialization.data(withJSONObject: document)
        #expect(throws: ExchangeError.invalidRecord(keyPath: "cards[0].benefits[0].currentPeriodEnd",
                                                    problem: "A benefit's period cannot end before it starts (its currentPeriodStart).")) {
            try other.wallet.importData(Wallet.decodeExport(reversed, file: "wallet.json"))
        }
        #expect(try other.reread().cards().isEmpty)
    }

    @Test func aMalformedExportNamesTheKeyPath() throws {
        var text = String(decoding: try t.wallet.exportJSON(now: now), as: UTF8.self)
        text = text.replacingOccurrences(of: #""status" : "used""#, with: #""status" : "spent""#)
        #expect(throws: ExchangeError.self) { try Wallet.decodeExport(Data(text.utf8), file: "wallet.json") }
        do {
            _ = try Wallet.decodeExport(Data(text.utf8), file: "wallet.json")
        } catch let error as ExchangeError {
            guard case let .invalid(_, keyPath, _) = error else { Issue.record("\(error)"); return }
            #expect(keyPath.hasPrefix("cards[0].benefits[") && keyPath.hasSuffix("].status"))
        }
    }

    /// A date with text after its zone, an offset no zone has or a fraction that is not digits
    /// is refused in words (issue 33's nineteenth pass): the formatter read a moment and
    /// stopped, so "…+01:99" was 2 h 39 min ahead, "…00.-01Z" 10 ms before the second, and
    /// "…ZZ" or "…Zjunk" the moment before the junk.
    @Test func aDateWithTextAfterItsZoneOrAnOffsetNoZoneHasIsRefusedNotReadAsAnotherMoment() {
        for date in ["2026-02-10T15:30:00.000Zjunk", "2026-02-10T15:30:00.000ZZ", "2026-02-10T15:30:00.000+01:99",
                     "2026-02-10T15:30:00.000+25:00", "2026-02-10T15:30:00.-01Z"] {
            let text = #"{"exportVersion": 1, "exportDate": "\#(date)", "cards": [], "preferences": {}}"#
            #expect(throws: ExchangeError.invalid(file: "wallet.json", keyPath: "exportDate",
                                                  problem: "'\(date)' is not a moment such as 2026-01-18T00:00:00.000Z: "
                                                      + "a day that exists from 1900 to 2199, at a time from 00:00 to 23:59"), "\(date)") {
                try Wallet.decodeExport(Data(text.utf8), file: "wallet.json")
            }
        }
    }

    /// A file of another version is refused for its version before its cards are read: they
    /// may have another shape there (and a large file took seconds to be refused).
    @Test func anExportOfAnotherVersionIsRefusedForItsVersionBeforeItsCardsAreRead() {
        let text = #"{"exportVersion": 2, "exportDate": "2026-02-10T15:30:00.000Z", "cards": [{"card": {"name": "Gold"}}], "settings": {}}"#
        #expect {
            try Wallet.decodeExport(Data(text.utf8), file: "wallet.json")
        } throws: { error in
            (error as? ExchangeError) == .unsupportedVersion(2)
                && (error as? LocalizedError)?.errorDescription == "The export is version 2; this app reads version 1. Nothing was imported."
        }
    }

    /// An export's dates are read by arithmetic, not a formatter each (which took most of the
    /// time a large wallet was read in): the same moments, to the bit, on every kind of day.
    @Test func anExportedMomentIsReadByArithmeticAsTheFormatterReadsIt() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        let plain = ISO8601DateFormatter()
        var texts = ["1900-01-01T00:00:00.000Z", "1900-03-01T12:00:00Z", "1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z",
                     "2024-02-29T00:00:00.001Z", "2026-01-18T09:30:00Z", "2100-02-28T23:59:59.500Z", "2199-12-31T23:59:59.999Z"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let moment = Date(timeIntervalSince1970: Double(Int.random(in: -2_208_988_800_000...7_258_118_399_999, using: &generator)) / 1_000)
            texts.append(formatter.string(from: moment))
        }
        for text in texts {
            let read = try #require(Wallet.exportedMoment(text), "\(text)")
            #expect(read == (formatter.date(from: text) ?? plain.date(from: text)), "\(text)")
        }
        for text in ["2026-02-29T00:00:00Z", "2026-01-18T24:00:00Z", "2026-01-18T09:30:00+01:00", "2026-01-18 09:30:00Z", "1899-12-31T23:00:00Z"] {
            #expect(Wallet.exportedMoment(text) == nil, "\(text)")
        }
    }

    /// Found by the fuzz target `coupontracker-json` (Fuzz/): the refusal did not say where.
    @Test func anExportThatIsNotJSONIsRefusedWithTheLineWhereItBreaks() {
        let text = "{\n  \"exportVersion\": 1,\n  \"cards\": [,]\n}"
        #expect {
            try Wallet.decodeExport(Data(text.utf8), file: "wallet.json")
        } throws: { error in
            guard case let .notJSON(file, line, _) = error as? ExchangeError else { return false }
            return file == "wallet.json" && line == 3
        }
    }

    /// Found by the fuzz target `coupontracker-json` (Fuzz/): "A benefit's period cannot end
    /// before it starts." did not say which benefit of the file.
    @Test func aBenefitTheRulesRefuseIsNamedByItsPlaceInTheFile() throws {
        var text = String(decoding: try t.wallet.exportJSON(now: now), as: UTF8.self)
        text = text.replacingOccurrences(of: #""currentPeriodEnd" : ""#, with: #""currentPeriodEnd" : "1999-01-01T00:00:00.000Z", "x" : ""#)
        let other = try TestWallet()
        #expect {
            try other.wallet.importData(Wallet.decodeExport(Data(text.utf8), file: "wallet.json"))
        } throws: { error in
            guard case let .invalidRecord(keyPath, _) = error as? ExchangeError else { return false }
            return keyPath == "cards[0].benefits[0].currentPeriodEnd"
                && (error as? LocalizedError)?.errorDescription?.contains("period cannot end before it starts") == true
        }
        #expect(try other.reread().cards().isEmpty)
    }

    @Test func twoRecordsOfOneIDAreNamedByTheirPlacesInTheFile() throws {
        let data = try t.wallet.exportJSON(now: now)
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var cards = try #require(document["cards"] as? [[String: Any]])
        var firstBenefits = try #require(cards[0]["benefits"] as? [[String: Any]])
        var secondBenefits = try #require(cards[1]["benefits"] as? [[String: Any]])
        let id = try #require(firstBenefits[0]["id"] as? String)
        secondBenefits[0]["id"] = id
        cards[1]["benefits"] = secondBenefits
        firstBenefits[0]["id"] = id
        document["cards"] = cards
        let text = try JSONSerialization.data(withJSONObject: document)
        let other = try TestWallet()
        do {
            _ = try other.wallet.importData(Wallet.decodeExport(text, file: "wallet.json"))
            Issue.record("the import succeeded")
        } catch {
            let words = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            #expect(words == "The export is not valid at cards[1].benefits[0].id: cards[0].benefits[0].id has the same id, "
                + "\(id.lowercased()), and each record of an export has its own. Nothing was imported.", "\(words)")
        }
        #expect(try other.reread().cards().isEmpty)
    }

    @Test func anExportCutShortIsRefusedAtItsLastLine() {
        #expect {
            try Wallet.decodeExport(Data("{\n  \"cards\": [".utf8), file: "wallet.json")
        } throws: { error in
            guard case let .notJSON(_, line, _) = error as? ExchangeError else { return false }
            return line == 2
        }
    }

    @Test func anExportNestedDeeperThanAnyExportIsSaidToNestTooDeepNotJustInvalid() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            try Wallet.decodeExport(Data(text.utf8), file: "wallet.json")
        } throws: { error in
            (error as? LocalizedError)?.errorDescription?.contains("is not valid JSON at line 1: objects and arrays nest more than 64 deep") == true
        }
    }
}
