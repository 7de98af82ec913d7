import CommandLineSupport
import CouponTracker
import OpenSwiftData

/// How `coupontracker sync` names a record that its download left breaking one of the
/// app's rules, and what mends it.
enum RuleBreakWords {
    static func of(_ model: any PersistentModel, in wallet: Wallet) -> SyncRound.RecordWords {
        switch model {
        case let card as UserCard:
            SyncRound.RecordWords(record: "the card \(wallet.name(of: card).forTerminal) (\(Wallet.shortID(card.id)))",
                                  mend: "name it with `coupontracker rename \(Wallet.shortID(card.id)) --name NAME`")
        case let benefit as Benefit:
            SyncRound.RecordWords(record: "the benefit \(wallet.name(of: benefit).forTerminal) (\(Wallet.shortID(benefit.id)))"
                                      + (benefit.userCard.map { " of \(wallet.name(of: $0).forTerminal)" } ?? ""),
                                  // Each of a benefit's rules (a period ending before it starts, reminder
                                  // days outside 0 to 30) is put right by reset; no command sets either.
                                  mend: "put it right with `coupontracker reset`")
        default:
            SyncRound.RecordWords(record: "a record", mend: "mend it on the device that saved it")
        }
    }
}
