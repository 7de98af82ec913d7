import Foundation
import OpenSwiftData

extension Contact: ValidatingModel {
    public func validate() throws {
        guard !name.isBlank else { throw ValidationError.emptyContactName }
        if let email, !email.isBlank, !Contact.looksLikeEmail(email) { throw ValidationError.invalidEmail }
    }

    /// Deliberately loose: something@something.something, no spaces.
    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(" ") else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}
