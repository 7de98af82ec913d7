import CommandLineSupport

extension EngineErrorMessage {
    /// The engine's errors in a cardholder's words.
    static let coupontracker = EngineErrorMessage(
        tool: "coupontracker", storeName: "CouponTracker store",
        recovery: "import your last export (coupontracker import FILE) into a new store",
        words: ["UserCard": "card", "UserPreferences": "preferences", "Benefit": "benefit", "BenefitUsage": "history record"])
}
