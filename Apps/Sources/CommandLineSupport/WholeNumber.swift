import ArgumentParser

/// A whole-number option's value, for `@Option(transform: WholeNumber.parse)`. The
/// argument parser alone says only "The value 'x' is invalid for '--limit <limit>'": not
/// what the option takes. The option's range is the command's to check, in its words.
public enum WholeNumber {
    public static func parse(_ text: String) throws -> Int {
        if let value = Int(text) { return value }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text[...]
        if !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) {
            // The argument parser names the value before this.
            throw ValidationError("it is too large a number: give a whole number such as 10.")
        }
        throw ValidationError("it is not a whole number: give digits only, such as 10.")
    }
}
