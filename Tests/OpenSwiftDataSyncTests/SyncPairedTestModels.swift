import Foundation
import OpenSwiftData

/// A note with any number of labels, a label on any number of notes: a many-to-many
/// relationship. Sync sends `SyncLabel.notes` (its `Entity.property` sorts first) and
/// keeps `SyncNote.labels` from it.
@Model
final class SyncNote {
    var text: String
    @Relationship(inverse: \SyncLabel.notes) var labels: [SyncLabel] = []

    init(text: String) { self.text = text }
}

/// A label whose name is unique: two devices that make the same name make one label.
@Model
final class SyncLabel {
    #Unique<SyncLabel>([\.name])
    var name: String
    var notes: [SyncNote] = []

    init(name: String) { self.name = name }
}

/// A person with at most one desk, a desk with at most one owner: a one-to-one
/// relationship, whose two sides sync each as a value.
@Model
final class SyncPerson {
    var name: String
    @Relationship(inverse: \SyncDesk.owner) var desk: SyncDesk?

    init(name: String) { self.name = name }
}

/// A desk; its `owner` holds the store's key of the pair.
@Model
final class SyncDesk {
    var label: String
    var owner: SyncPerson?

    init(label: String) { self.label = label }
}

let syncPairedTestModels: [any PersistentModel.Type] = [SyncNote.self, SyncLabel.self, SyncPerson.self, SyncDesk.self]
