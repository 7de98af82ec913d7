import Foundation

/// An update whose changed properties can be read by name, without the model's type:
/// the sync client uploads the properties an update changed, and nothing else.
package protocol HistoryUpdatePropertyNames {
    /// The names of the properties (attributes and relationships) whose stored values the update changed.
    var changedPropertyNames: [String] { get }
}

extension DefaultHistoryUpdate: HistoryUpdatePropertyNames {
    package var changedPropertyNames: [String] { updatedPropertyNames }
}
