import SwiftData
import Foundation
import NameText
import JSONText
import MomentText

extension Wallet {
    /// Dates in exports: ISO 8601 with milliseconds.
    static func exchangeFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter
    }

    /// The whole wallet in the seed's export shape, but for the cards `leavingOut` names.
    public func exportData(now: Date, leavingOut: Set<UUID> = []) throws -> ExportableData {
        let cards = try cards().filter { !leavingOut.contains($0.id) }.map { card in
            ExportableCard(
                id: card.id, templateId: card.cardTemplateId, nickname: card.nickname, isCustom: card.isCustom,
                customName: card.customName, customIssuer: card.customIssuer, customColorHex: card.customColorHex,
                benefits: card.benefits.map { benefit in
                    ExportableBenefit(
                        id: benefit.id, templateBenefitId: benefit.templateBenefitId, customName: benefit.customName,
                        customValue: benefit.customValue, customDescription: benefit.customDescription,
                        customFrequency: benefit.customFrequency, status: benefit.status,
                        currentPeriodStart: benefit.currentPeriodStart, currentPeriodEnd: benefit.currentPeriodEnd,
                        nextResetDate: benefit.nextResetDate, reminderEnabled: benefit.reminderEnabled,
                        reminderDaysBefore: benefit.reminderDaysBefore, lastReminderDate: benefit.lastReminderDate,
                        scheduledNotificationId: benefit.scheduledNotificationId, isActive: benefit.isActive,
                        createdAt: benefit.createdAt, updatedAt: benefit.updatedAt)
                },
                usageHistory: card.benefits.flatMap { benefit in
                    benefit.usageHistory.sorted { $0.usedDate < $1.usedDate }.map { usage in
                        ExportableUsage(
                            id: usage.id, benefitId: benefit.id, usedDate: usage.usedDate, periodStart: usage.periodStart,
                            periodEnd: usage.periodEnd, valueRedeemed: usage.valueRedeemed, notes: usage.notes,
                            wasAutoExpired: usage.wasAutoExpired, cardNameSnapshot: usage.cardNameSnapshot,
                            benefitNameSnapshot: usage.benefitNameSnapshot, createdAt: usage.createdAt)
                    }
                },
                sortOrder: card.sortOrder, addedDate: card.addedDate)
        }
        let stored = try preferences()
        let preferences = ExportablePreferences(
            notificationsEnabled: stored.notificationsEnabled, preferredReminderHour: stored.preferredReminderHour,
            preferredReminderMinute: stored.preferredReminderMinute, defaultReminderDays: stored.defaultReminderDays,
            quietHoursEnabled: stored.quietHoursEnabled, quietHoursStart: stored.quietHoursStart,
            quietHoursEnd: stored.quietHoursEnd, hasCompletedOnboarding: stored.hasCompletedOnboarding,
            lastSyncDate: stored.lastSyncDate, updatedAt: stored.modelContext == nil ? now : stored.updatedAt)
        return ExportableData(exportVersion: 1, exportDate: now, cards: cards, preferences: preferences)
    }

    /// The export as JSON, but for the cards `leavingOut` names.
    public func exportJSON(now: Date, leavingOut: Set<UUID> = []) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let formatters = ExchangeDateFormatters()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatters.exchange.string(from: date))
        }
        return try encoder.encode(try exportData(now: now, leavingOut: leavingOut))
    }

    /// Throws what ``decodeExport(_:file:)`` throws for the whole file when `start`, its first
    /// part, already holds the problem (a log given as an export).
    public static func refuseExportStart(_ start: Data, file: String) throws {
        if TextStart.jsonHasProblem(start) { _ = try decodeExport(start, file: file) }
    }

    /// Reads an export; `file` names it in errors.
    public static func decodeExport(_ text: Data, file: String) throws -> ExportableData {
        let data: Data
        do {
            data = try JSONText.checked(text)
        } catch {
            if error.isEmptyFile { throw ExchangeError.emptyFile(file: file) }
            if error.isSyntax { throw ExchangeError.notJSON(file: file, line: error.line, reason: error.reason) }
            throw ExchangeError.invalid(file: file, keyPath: error.dottedPath, problem: error.reason)
        }
        if let refusal = AppFile.refusal(of: data, expected: .couponTrackerExport) {
            throw ExchangeError.invalid(file: file, keyPath: "", problem: refusal)
        }
        // The version first, alone: a file of another version is refused as one at once, not
        // after its every card is read (seconds for a large one), nor for a card whose shape
        // that version changed. A version that is not a whole number is left to the full
        // read, which names it.
        if let version = (try? JSONDecoder().decode(ExportVersion.self, from: data))?.exportVersion, version != 1 {
            throw ExchangeError.unsupportedVersion(version)
        }
        return try decodeRecords(data, file: file)
    }

    /// The records of an export whose text is known to be well-formed JSON of this version:
    /// a file ``decodeExport(_:file:)`` has checked, or an export this wallet just wrote,
    /// which needs only its records checked.
    static func decodeRecords(_ data: Data, file: String) throws -> ExportableData {
        let decoder = JSONDecoder()
        // One pair of formatters for the file's every date: making one for each date took
        // most of the time a large file is read in.
        let formatters = ExchangeDateFormatters()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard MomentText.isPlausibleExported(text), let date = formatters.date(from: text) else {
                throw TemplateProblem(decoder.codingPath, "'\(text)' is not a moment such as 2026-01-18T00:00:00.000Z: "
                                      + "a day that exists \(MomentText.yearsDescription), at a time from 00:00 to 23:59")
            }
            return date
        }
        do {
            let exported = try decoder.decode(ExportableData.self, from: data)
            if let (keyPath, length) = longText(in: exported) {
                throw ExchangeError.invalid(file: file, keyPath: keyPath,
                                            problem: "the text is \(length) characters long; a text holds at most 4,096 characters")
            }
            return exported
        } catch let problem as TemplateProblem {
            throw ExchangeError.invalid(file: file, keyPath: problem.keyPath, problem: problem.problem)
        } catch let error as DecodingError {
            if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
                // The decoder says the same of a number too large for a Decimal as of a
                // syntax error; JSONSerialization reads such a number, so tell them apart.
                if let found = JSONNumberRange.firstTooLarge(in: data) {
                    throw ExchangeError.invalid(file: file, keyPath: found.keyPath,
                                                problem: "\(found.number) is far too large a number (amounts are below 1,000,000)")
                }
                throw ExchangeError.numberDoesNotFit(file: file)
            }
            let problem = TemplateProblem(error)
            throw ExchangeError.invalid(file: file, keyPath: problem.keyPath, problem: problem.problem)
        }
    }

    /// An export's version, read before the rest of it.
    private struct ExportVersion: Decodable {
        let exportVersion: Int
    }

    /// The formatters an export's dates are written and read with: with milliseconds (as
    /// exports write them), else without. Made once for a file; the encoder and the decoder
    /// call their date strategies on the thread that works, one date at a time. A date as exports write it is read by
    /// arithmetic first (`exportedMoment(_:)`), as the formatter reads it and some 40 times
    /// sooner: a large wallet holds tens of thousands of dates.
    private final class ExchangeDateFormatters: @unchecked Sendable {
        let exchange = Wallet.exchangeFormatter()
        let plain = ISO8601DateFormatter()

        func date(from text: String) -> Date? {
            Wallet.exportedMoment(text) ?? exchange.date(from: text) ?? plain.date(from: text)
        }
    }

    /// The moment of `text` when it is written as exports write moments, in UTC with or
    /// without milliseconds (`2026-01-18T09:30:00.000Z`, `2026-01-18T09:30:00Z`), on a real
    /// day from 1900 to 2199 at a real time; nil for any other text, which the formatters read.
    static func exportedMoment(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 20 || bytes.count == 24, bytes[bytes.count - 1] == UInt8(ascii: "Z") else { return nil }
            for (index, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")] as [(Int, Unicode.Scalar)]
            where bytes[index] != UInt8(ascii: separator) { return nil }
            func number(_ start: Int, _ length: Int) -> Int? {
                var value = 0
                for index in start..<start + length {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  MomentText.isRealDay(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
            else { return nil }
            var milliseconds = 0
            if bytes.count == 24 {
                guard bytes[19] == UInt8(ascii: "."), let fraction = number(20, 3) else { return nil }
                milliseconds = fraction
            }
            // Days since 1970-01-01 in the Gregorian calendar (H. Hinnant's days_from_civil).
            let shifted = month <= 2 ? year - 1 : year
            let era = shifted / 400, yearOfEra = shifted % 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
            let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
            // As the formatter makes it: whole milliseconds, divided by 1,000.
            return Date(timeIntervalSince1970: Double(seconds * 1_000 + milliseconds) / 1_000)
        }
    }

    /// The longest text a field takes, as the other tools' imports (and their arguments):
    /// megabytes in a nickname or a note are a mistake.
    public static let longestText = 4_096

    /// The key path and length of the first text in `exported` longer than `longestText`.
    static func longText(in exported: ExportableData) -> (String, Int)? {
        func long(_ texts: [(String, String?)], at path: String) -> (String, Int)? {
            for case let (key, text?) in texts where text.count > longestText { return ("\(path).\(key)", text.count) }
            return nil
        }
        for (index, card) in exported.cards.enumerated() {
            let path = "cards[\(index)]"
            if let found = long([("nickname", card.nickname), ("customName", card.customName), ("customIssuer", card.customIssuer),
                                 ("customColorHex", card.customColorHex)], at: path) { return found }
            for (position, benefit) in card.benefits.enumerated() {
                if let found = long([("customName", benefit.customName), ("customDescription", benefit.customDescription),
                                     ("scheduledNotificationId", benefit.scheduledNotificationId)],
                                    at: "\(path).benefits[\(position)]") { return found }
            }
            for (position, usage) in card.usageHistory.enumerated() {
                if let found = long([("notes", usage.notes), ("cardNameSnapshot", usage.cardNameSnapshot),
                                     ("benefitNameSnapshot", usage.benefitNameSnapshot)],
                                    at: "\(path).usageHistory[\(position)]") { return found }
            }
        }
        return nil
    }

    /// How an exported card is named in a refusal.
    private static func label(of card: ExportableCard, catalog: CardDatabase) -> String {
        card.customName ?? card.nickname ?? card.templateId.flatMap { catalog.card(for: $0)?.name } ?? "card"
    }

    /// The save would refuse `model` too, without saying which record of the file it is.
    private static func validate(_ model: some ValidatingModel, at keyPath: String) throws {
        do {
            try model.validate()
        } catch let error as ValidationError {
            throw ExchangeError.invalidRecord(keyPath: keyPath, problem: error.localizedDescription)
        }
    }

    /// Throws what importing `data` into a wallet that holds none of its cards refuses, with
    /// no store at hand: a first import checks it before the store is made, so that a refused
    /// file leaves nothing behind (`coupontracker import` on a new --store path).
    public static func check(_ data: ExportableData, catalog: CardDatabase) throws {
        guard data.exportVersion == 1 else { throw ExchangeError.unsupportedVersion(data.exportVersion) }
        var seen: [UUID: String] = [:]
        for (index, card) in data.cards.enumerated() {
            let label = Self.label(of: card, catalog: catalog)
            let ids = [(card.id, "cards[\(index)].id")]
                + card.benefits.enumerated().map { ($0.element.id, "cards[\(index)].benefits[\($0.offset)].id") }
                + card.usageHistory.enumerated().map { ($0.element.id, "cards[\(index)].usageHistory[\($0.offset)].id") }
            for (id, keyPath) in ids {
                // Named by where they are, as the other refusals of a file: the id alone is not found in a long one.
                if let first = seen.updateValue(keyPath, forKey: id) {
                    throw ExchangeError.duplicateID(id, keyPath: keyPath, firstKeyPath: first)
                }
            }
            for (position, benefit) in card.benefits.enumerated() {
                if let value = benefit.customValue, !Self.values.contains(value) {
                    throw ExchangeError.invalidAmount(keyPath: "cards[\(index)].benefits[\(position)].customValue", value: value)
                }
            }
            for (position, usage) in card.usageHistory.enumerated() where !Self.values.contains(usage.valueRedeemed) {
                throw ExchangeError.invalidAmount(keyPath: "cards[\(index)].usageHistory[\(position)].valueRedeemed",
                                                  value: usage.valueRedeemed)
            }
            // Names are one line, as on the command line (`NameLineBreak`); notes and descriptions may have several.
            let names = [("customName", card.customName), ("nickname", card.nickname), ("customIssuer", card.customIssuer)]
                .map { ("cards[\(index)].\($0.0)", $0.1) }
                + card.benefits.enumerated().map { ("cards[\(index)].benefits[\($0.offset)].customName", $0.element.customName) }
            for case let (keyPath, name?) in names {
                if let problem = NameLineBreak(in: name) {
                    throw ExchangeError.invalidRecord(keyPath: keyPath, problem: "\(problem.shown) \(problem.reason).")
                }
                if let problem = NameControlCharacter(in: name) {
                    throw ExchangeError.invalidRecord(keyPath: keyPath, problem: "\(problem.shown) \(problem.reason).")
                }
                // Spaces alone are the name left empty; characters that show nothing are a name no one can read or type.
                if !NameText.isBlank(name), !NameText.showsSomething(name) {
                    throw ExchangeError.invalidRecord(keyPath: keyPath, problem: "The name is made only of characters that show "
                                                      + "nothing: give it a letter, a digit or a symbol, or leave it empty.")
                }
            }
            // The rules the save makes (`validate()`), here so that they are met before a store is made.
            if let problem = UserCard.problem(isCustom: card.isCustom, customName: card.customName) {
                throw ExchangeError.invalidRecord(keyPath: "cards[\(index)]", problem: problem.localizedDescription)
            }
            for (position, benefit) in card.benefits.enumerated() {
                if let problem = Benefit.problem(periodStart: benefit.currentPeriodStart, periodEnd: benefit.currentPeriodEnd,
                                                 reminderDaysBefore: benefit.reminderDaysBefore) {
                    // Named by the field the rule reads, with the value the file gives it.
                    let place = "cards[\(index)].benefits[\(position)]"
                    switch problem {
                    case .invalidReminderDays:
                        throw ExchangeError.invalidRecord(keyPath: place + ".reminderDaysBefore",
                            problem: "Reminder days must be between 0 and 30, not \(benefit.reminderDaysBefore).")
                    case .invalidPeriodRange:
                        throw ExchangeError.invalidRecord(keyPath: place + ".currentPeriodEnd",
                            problem: "A benefit's period cannot end before it starts (its currentPeriodStart).")
                    default:
                        throw ExchangeError.invalidRecord(keyPath: place, problem: problem.localizedDescription)
                    }
                }
            }
            let benefitIDs = Set(card.benefits.map(\.id))
            if let stray = card.usageHistory.first(where: { !benefitIDs.contains($0.benefitId) }) {
                throw ExchangeError.unknownBenefit(card: label, benefitId: stray.benefitId)
            }
        }
        let preferences = UserPreferences()
        take(data.preferences, into: preferences)
        // Named at its key path, as every other refusal of a file: the rule's words alone
        // ("25 is not an hour: use 0 to 23.") named neither the file nor that nothing was imported.
        if let (problem, _) = Self.problem(in: preferences) {
            let exported = data.preferences
            let field = if !(0...23).contains(exported.preferredReminderHour) { "preferredReminderHour" }
                else if !(0...59).contains(exported.preferredReminderMinute) { "preferredReminderMinute" }
                else if !(0...23).contains(exported.quietHoursStart) { "quietHoursStart" }
                else if !(0...23).contains(exported.quietHoursEnd) || exported.quietHoursEnabled
                    && exported.quietHoursStart == exported.quietHoursEnd { "quietHoursEnd" }
                else { "defaultReminderDays" }
            throw ExchangeError.invalidRecord(keyPath: "preferences.\(field)", problem: problem.localizedDescription)
        }
    }

    /// Sets `preferences` to the exported ones.
    private static func take(_ exported: ExportablePreferences, into preferences: UserPreferences) {
        preferences.notificationsEnabled = exported.notificationsEnabled
        preferences.preferredReminderHour = exported.preferredReminderHour
        preferences.preferredReminderMinute = exported.preferredReminderMinute
        preferences.defaultReminderDays = exported.defaultReminderDays
        preferences.quietHoursEnabled = exported.quietHoursEnabled
        preferences.quietHoursStart = exported.quietHoursStart
        preferences.quietHoursEnd = exported.quietHoursEnd
        preferences.hasCompletedOnboarding = exported.hasCompletedOnboarding
        preferences.lastSyncDate = exported.lastSyncDate
        preferences.updatedAt = exported.updatedAt
    }

    /// Adds every card of `data` with its benefits and history, and takes its
    /// preferences; all of it or, on any problem, nothing.
    ///
    /// `progress` is told, after each card, how many of the export's records (cards,
    /// benefits and usage records) are in the context, out of how many.
    @discardableResult
    public func importData(_ data: ExportableData, progress: ((Int, Int) -> Void)? = nil) throws -> Int {
        try Self.check(data, catalog: catalog)
        let records = data.cards.reduce(0) { $0 + 1 + $1.benefits.count + $1.usageHistory.count }
        var recordsDone = 0
        return try change {
            // Here, with the save: a card another import adds meanwhile is found, not replaced.
            let existing = Set(try cards().map(\.id))
            if let card = data.cards.first(where: { existing.contains($0.id) }) {
                throw ExchangeError.cardExists(name: Self.label(of: card, catalog: catalog), id: card.id)
            }
            let offset = Self.place(try context.maximum(of: \UserCard.sortOrder) ?? -1, plus: 1)
            for (index, exported) in data.cards.enumerated() {
                let card = UserCard(id: exported.id, cardTemplateId: exported.templateId, nickname: exported.nickname,
                                    isCustom: exported.isCustom, customName: exported.customName, customIssuer: exported.customIssuer,
                                    customColorHex: exported.customColorHex, sortOrder: Self.place(offset, plus: exported.sortOrder ?? index))
                let added = exported.addedDate ?? data.exportDate
                card.addedDate = added
                card.createdAt = added
                card.updatedAt = data.exportDate
                context.insert(card)
                try Self.validate(card, at: "cards[\(index)]")
                var benefits: [UUID: Benefit] = [:]
                for (position, item) in exported.benefits.enumerated() {
                    let benefit = Benefit(id: item.id, userCard: card, templateBenefitId: item.templateBenefitId, status: item.status,
                                          currentPeriodStart: item.currentPeriodStart, currentPeriodEnd: item.currentPeriodEnd,
                                          nextResetDate: item.nextResetDate, reminderEnabled: item.reminderEnabled,
                                          reminderDaysBefore: item.reminderDaysBefore)
                    benefit.customName = item.customName
                    benefit.customValue = item.customValue.map(Self.cents)
                    benefit.customDescription = item.customDescription
                    benefit.customFrequency = item.customFrequency
                    benefit.lastReminderDate = item.lastReminderDate
                    benefit.scheduledNotificationId = item.scheduledNotificationId
                    benefit.isActive = item.isActive
                    benefit.createdAt = item.createdAt
                    benefit.updatedAt = item.updatedAt
                    try Self.validate(benefit, at: "cards[\(index)].benefits[\(position)]")
                    benefits[item.id] = benefit
                }
                for item in exported.usageHistory {
                    let usage = BenefitUsage(id: item.id, benefit: benefits[item.benefitId], usedDate: item.usedDate,
                                             periodStart: item.periodStart, periodEnd: item.periodEnd,
                                             valueRedeemed: Self.cents(item.valueRedeemed), notes: item.notes,
                                             wasAutoExpired: item.wasAutoExpired, cardNameSnapshot: item.cardNameSnapshot,
                                             benefitNameSnapshot: item.benefitNameSnapshot)
                    usage.createdAt = item.createdAt
                }
                recordsDone += 1 + exported.benefits.count + exported.usageHistory.count
                progress?(recordsDone, records)
            }
            let preferences = try preferences()
            if preferences.modelContext == nil { context.insert(preferences) }
            Self.take(data.preferences, into: preferences)
            try Self.check(preferences)
            return data.cards.count
        }
    }
}
