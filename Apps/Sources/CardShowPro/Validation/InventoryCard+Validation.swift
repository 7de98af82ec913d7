import Foundation
import NameText
import OpenSwiftData

// The engine calls `validate()` on every inserted or changed card at save; a throw
// aborts the whole save. (The seed's `@Attribute(.validate ...)` is not SwiftData API.)
extension InventoryCard: ValidatingModel {
    public func validate() throws {
        try validateOwnValues()
        if (sales ?? []).contains(where: { DealerDay.of($0.date) < DealerDay.of(acquiredDate) }) {
            throw ValidationError.saleBeforeAcquired(displayName)
        }
    }

    /// The rules for the card's own values, which an import checks of each card it reads
    /// (its sales are not in the file).
    func validateOwnValues() throws {
        guard !name.isBlank else { throw ValidationError.emptyName }
        guard !setName.isBlank else { throw ValidationError.emptySetName }
        guard !cardNumber.isBlank else { throw ValidationError.emptyCardNumber }
        // `>= 0` is false for NaN, so NaN is refused too; infinity (another program's 9e999) is
        // out of range, below, where it was called negative.
        guard marketValue >= 0 else { throw ValidationError.negativeMarketValue }
        guard marketValue <= Money.maximum else { throw ValidationError.amountTooLarge("A card's market value") }
        if let cost = purchaseCost {
            guard cost >= 0 else { throw ValidationError.negativePurchaseCost }
            guard cost <= Money.maximum else { throw ValidationError.amountTooLarge("What you paid for a card") }
        }
        // Any grade given, graded or not yet: 11 stored on an ungraded card shows when it is graded.
        if let grade {
            guard (1...10).contains(grade) else { throw ValidationError.invalidGrade }
        }
        guard !tags.contains(where: \.isBlank) else { throw ValidationError.emptyTag }
        if let company = gradingCompany, GradingCompany(rawValue: company) == nil {
            throw ValidationError.unknownGradingCompany(company)
        }
        guard !DealerDay.isAfterToday(acquiredDate) else { throw ValidationError.acquiredInFuture }
    }
}

/// Days as the dealer's dates compare: a date typed as a day ("2026-01-13") is its
/// midnight in UTC, so days are counted in UTC; "today" reaches a day ahead, for the
/// zones where it is already tomorrow.
public enum DealerDay {
    public static func of(_ date: Date) -> Int {
        let day = (date.timeIntervalSince1970 / 86_400).rounded(.down)
        // A date no calendar holds (another program's, in the store) is after or before every day,
        // where converting it stopped the process.
        return Int(exactly: day) ?? (day < 0 ? .min : .max)
    }

    static func isAfterToday(_ date: Date, now: Date = Date()) -> Bool { of(date) > of(now) + 1 }
}

extension String {
    /// Empty or only whitespace: a name of spaces is no name.
    /// Whether the text shows nothing: spaces, or only characters no font draws (`NameText`).
    var isBlank: Bool { !NameText.showsSomething(self) }
}
