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
    /// For a to-many relationship whose inverse is a to-one, or a many-to-many: the order
    /// last written, as sync IDs (JSON); for a one-to-one side: the model it last named
    /// (none or one); for a many-to-many pair: its member while it is one, else none.
    public var order: Data?

    /// The clock of a property.
    public init(syncID: UUID, property: String, clock: String, order: Data? = nil) {
        self.syncID = syncID
        self.property = property
        self.clock = clock
        self.order = order
    }
}
