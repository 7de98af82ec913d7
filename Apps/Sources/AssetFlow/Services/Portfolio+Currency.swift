import Foundation

extension Portfolio {
    /// A currency code the portfolio can value in or set a rate for: one of ISO 4217 in
    /// use, or one an asset already holds. An asset added before a currency was withdrawn
    /// (HRK, Croatia's until 2023) must still be valued, so its code stays usable here,
    /// while new assets take only the codes in use.
    func heldOrCurrentCurrency(_ text: String) throws -> String {
        do {
            return try CurrencyCode.parse(text)
        } catch AssetError.unknownCurrency(let original) {
            let code = text.trimmingCharacters(in: .whitespaces).uppercased()
            guard try assets().contains(where: { CurrencyCode.held($0.currency) == code }) else {
                throw AssetError.unknownCurrency(original)
            }
            return code
        }
    }
}
