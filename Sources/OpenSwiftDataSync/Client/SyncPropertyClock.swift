import Foundation
import OpenSwiftData

/// When one property of one model was last written, on this device or another: a
/// remote value is applied only when it was written later.
@Model
public final class SyncPropertyClock {
    #Index<SyncPropertyClock>([\.syncID])

    /// The model's sync ID.
    public var syncID: UUID
    /// The property's name.
    public var property: String
    /// The moment of the last write (``HLCTimestamp/description``).
    public var clock: String
    /// For a to-many relationship whose inverse is a to-one: the order last written,
    /// as sync IDs (JSON); its members are the models whose to-one names the owner.
    public var order: Data?

    /// The clock of a property.
    public init(syncID: UUID, property: String, clock: String, order: Data? = nil) {
        self.syncID = syncID
        self.property = property
        self.clock = clock
        self.order = order
    }
}
