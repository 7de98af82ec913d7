import OpenSwiftData

/// A row of the fault tests: a unique code, so that a save can hit a constraint.
@Model final class Voucher {
    @Attribute(.unique) var code: String
    var amount: Int
    var note: String
    init(code: String, amount: Int, note: String = "") {
        self.code = code
        self.amount = amount
        self.note = note
    }
}
