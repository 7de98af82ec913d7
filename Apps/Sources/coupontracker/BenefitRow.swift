import CommandLineSupport
import CouponTracker
import Foundation

/// A benefit as listings show it.
struct BenefitRow: Encodable {
    let id: UUID
    let card: String
    let cardId: UUID?
    let name: String
    let value: String
    let frequency: String
    let status: String
    let periodStart: String
    let periodEnd: String
    let nextReset: Date
    let daysLeft: Int
    let reminderEnabled: Bool
    let reminderDaysBefore: Int

    init(_ benefit: Benefit, wallet: Wallet, now: Date) {
        id = benefit.id
        card = benefit.userCard.map(wallet.name(of:)) ?? ""
        cardId = benefit.userCard?.id
        name = wallet.name(of: benefit)
        value = amount(wallet.value(of: benefit))
        frequency = wallet.frequency(of: benefit).rawValue
        status = benefit.status.rawValue
        periodStart = wallet.day(benefit.currentPeriodStart)
        periodEnd = wallet.day(benefit.currentPeriodEnd)
        nextReset = benefit.nextResetDate
        daysLeft = benefit.daysUntilExpiration(now: now, calendar: wallet.calendar)
        reminderEnabled = benefit.reminderEnabled
        reminderDaysBefore = benefit.reminderDaysBefore
    }

    static func table(_ rows: [BenefitRow]) -> String {
        var table = Table("id", "card", "benefit", "value", "frequency", "status", "ends", "days left", rightAligned: [3, 7])
        for row in rows {
            table.add(String(row.id.uuidString.prefix(8)).lowercased(), row.card, row.name, money(Decimal(string: row.value) ?? 0),
                      BenefitFrequency(rawValue: row.frequency)?.displayName ?? row.frequency,
                      BenefitStatus(rawValue: row.status)?.displayName ?? row.status, row.periodEnd, "\(row.daysLeft)")
        }
        return table.render()
    }
}
