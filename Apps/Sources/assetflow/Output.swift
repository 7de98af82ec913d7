import AssetFlow
import CommandLineSupport
import Foundation

/// A percentage with one decimal: "12.5%".
func percent(_ value: Decimal) -> String { Money.display(value, places: 1) + "%" }
