import CommandLineSupport
import CouponTracker
import Foundation
import OpenSwiftData

/// A benefit that `sync-templates` added from a newer template file is named and valued by
/// that file: read with the bundled catalog (or another file), which does not hold it, it is
/// "Unnamed benefit" worth $0.00, and the totals leave it out, without a word. So is one a
/// synced wallet received from a device that ran `sync-templates`. Reports say so on standard
/// error, and which file to give.
func noteBenefitsOfUnknownTemplates(_ wallet: Wallet) throws {
    let unknown = try wallet.context.fetch(FetchDescriptor<Benefit>())
        .filter { $0.isActive && $0.templateBenefitId != nil && $0.customName == nil && wallet.template(of: $0) == nil }
    guard !unknown.isEmpty else { return }
    let version = try wallet.context.fetch(FetchDescriptor<UserPreferences>()).first?.lastSyncedDataVersion
    let one = unknown.count == 1
    printError("Note: \(counted(unknown.count, "benefit")) \(one ? "comes" : "come") from card templates the template file in use "
               + "does not hold\(version.map { " (the wallet was brought up to templates \($0) with sync-templates)" } ?? ""), "
               + "so \(one ? "it is" : "they are") shown as \"Unnamed benefit\" worth $0.00 and left out of the totals; give that "
               + "file with --templates FILE.")
}
