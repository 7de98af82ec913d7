import CommandLineSupport
import CouponTracker
import Foundation

/// Reports read the wallet as the last `reset` left it: a period that has ended since
/// still counts as current until a reset rolls it. A report does not change the store
/// (it may be read-only, or read by a script), so it says on standard error that its
/// figures are stale and how to bring them up to date.
func noteResetsDue(_ wallet: Wallet, now: Date) throws {
    let due = try BenefitRepository(modelContext: wallet.context).fetchBenefitsNeedingReset(now: now).filter(\.isActive)
    guard !due.isEmpty else { return }
    printError("Note: \(counted(due.count, "benefit")) \(due.count == 1 ? "has" : "have") a period that has ended since the last "
               + "reset, and these figures still count it as current; run `coupontracker reset` to bring them up to date.")
}
