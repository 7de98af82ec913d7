import Foundation

/// A decimal from its text; NaN for text that is not one, so that a test comparing it fails.
func dec(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }
