import Foundation

/// One live model as sync sees it: its values by property name, relationships as sync
/// IDs. A device's and the server's states are equal when they hold the same models.
public struct SyncModelState: Hashable, Sendable, CustomStringConvertible {
    /// The model's entity.
    public var entityName: String
    /// The model's sync ID.
    public var syncID: UUID
    /// Its values by property name.
    public var values: [String: SyncValue]

    /// A model's state.
    public init(entityName: String, syncID: UUID, values: [String: SyncValue]) {
        self.entityName = entityName
        self.syncID = syncID
        self.values = values
    }

    /// `Entity(id) {name: value, …}`, properties in name order.
    public var description: String {
        "\(entityName)(\(syncID.uuidString.prefix(8))) {" + values.keys.sorted().map { "\($0): \(values[$0].map(String.init(describing:)) ?? "")" }.joined(separator: ", ") + "}"
    }
}

extension Array where Element == SyncModelState {
    /// The states in a fixed order (entity, then sync ID), for comparing.
    public func sortedForComparison() -> [SyncModelState] {
        sorted { ($0.entityName, $0.syncID.uuidString) < ($1.entityName, $1.syncID.uuidString) }
    }
}
