import Foundation

extension CodingUserInfoKey {
    /// The moment that stands for a card template's missing `lastUpdated`.
    static var templateDefaultDate: CodingUserInfoKey? { CodingUserInfoKey(rawValue: "CouponTracker.templateDefaultDate") }
}
