import CouponTracker

extension BenefitFrequency {
    /// The frequency a user typed: its name in any case, with or without the hyphen or
    /// space the listings show ("Semi-Annual", "semiannual", "semi annual", "MONTHLY"), so
    /// that a word copied from `coupontracker benefits` is taken.
    init?(typed text: String) {
        let key = text.lowercased().filter { $0 != "-" && $0 != " " && $0 != "_" }
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = match
    }
}
