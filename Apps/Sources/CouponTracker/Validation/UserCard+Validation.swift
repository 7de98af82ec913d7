import SwiftData
import Foundation

// The seed's validation rule for UserCard, as written.
extension UserCard {
    public func validate() throws {
        if isCustom && (customName?.isEmpty ?? true) {
            throw ValidationError.customCardRequiresName
        }
    }
}

// Not in the seed: OpenSwiftData calls `validate()` on every save of a conforming model,
// so the rule the app meant to enforce is enforced by the store.
extension UserCard: ValidatingModel {}
