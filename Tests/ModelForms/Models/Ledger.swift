import Foundation
import OpenSwiftData

enum LedgerKind: String, Codable {
    case household, business
}

/// Properties whose type `@Model` takes from the initializer alone.
@Model
final class Ledger {
    var id = UUID()
    var name = ""
    var count = 0
    var isOpen = false
    var ratio = 0.5
    var openedAt = Date.now
    var balance = Decimal.zero
    var kind = LedgerKind.household
    var codes = [String]()
    var limits = [String: Int]()
    var labels = ["draft"]
    @Relationship(deleteRule: .cascade, inverse: \LedgerEntry.ledger) var entries = [LedgerEntry]()
    var archived: [LedgerEntry] = []

    init(name: String) {
        self.name = name
    }
}

@Model
final class LedgerEntry {
    var memo = ""
    var ledger: Ledger?

    init(memo: String) {
        self.memo = memo
    }
}
