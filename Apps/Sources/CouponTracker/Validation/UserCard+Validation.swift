import SwiftData
import Foundation

// The seed's validation rule for UserCard, as written.
extension UserCard {
    public func validate() throws {
        if let problem = Self.problem(isCustom: isCustom, customName: customName) { throw problem }
    }

    /// What the rule finds wrong with a card of these values, so that an import can check its
    /// cards before a store is made for them.
    static func problem(isCustom: Bool, customName: String?) -> ValidationError? {
        isCustom && (customName?.isEmpty ?? true) ? .customCardRequiresName : nil
    }
}

// Not in the seed: OpenSwiftData calls `validate()` on every save of a conforming model,
// so the rule the app meant to enforce is enforced by the store.
extension UserCard: ValidatingModel {}
