import Foundation
import OpenSwiftData

/// Racks of boxes with stickers, and loans: the first version, which each variant
/// below changes in one way the lightweight migration rules decide.
enum RacksV1 {
    static let models: [any PersistentModel.Type] = [Rack.self, Box.self, Sticker.self, Loan.self]

    @Model final class Rack {
        var label: String
        var note: String?
        @Relationship(deleteRule: .cascade, inverse: \Box.rack) var boxes: [Box] = []
        /// No inverse: kept in a join table.
        var stickers: [Sticker] = []
        init(label: String, note: String? = nil) {
            self.label = label
            self.note = note
        }
    }

    @Model final class Box {
        var name: String
        var rack: Rack?
        init(name: String) { self.name = name }
    }

    @Model final class Sticker {
        var text: String
        init(text: String) { self.text = text }
    }

    @Model final class Loan {
        var who: String
        init(who: String) { self.who = who }
    }

    /// Two racks: "top" (note "oak") with boxes c, a, b and stickers red, blue; "low"
    /// (no note) with box z and sticker green.
    static func seed(_ context: ModelContext) throws {
        let top = Rack(label: "top", note: "oak")
        let low = Rack(label: "low")
        context.insert(top)
        context.insert(low)
        top.boxes = [Box(name: "c"), Box(name: "a"), Box(name: "b")]
        low.boxes = [Box(name: "z")]
        top.stickers = [Sticker(text: "red"), Sticker(text: "blue")]
        low.stickers = [Sticker(text: "green")]
        context.insert(Loan(who: "Ann"))
        try context.save()
    }
}

/// Renames a to-one, its to-many inverse and a join-table relationship through `originalName`.
enum RacksRenamed {
    static let models: [any PersistentModel.Type] = [Rack.self, Box.self, RacksV1.Sticker.self, RacksV1.Loan.self]

    @Model final class Rack {
        var label: String
        var note: String?
        @Relationship(deleteRule: .cascade, originalName: "boxes", inverse: \Box.place) var crates: [Box] = []
        @Relationship(originalName: "stickers") var labels: [RacksV1.Sticker] = []
        init(label: String) { self.label = label }
    }

    @Model final class Box {
        var name: String
        @Relationship(originalName: "rack") var place: Rack?
        init(name: String) { self.name = name }
    }
}

/// `note` becomes required, with a default.
enum RacksNoteRequired {
    static let models: [any PersistentModel.Type] = [Rack.self, Box.self, RacksV1.Sticker.self, RacksV1.Loan.self]

    @Model final class Rack {
        var label: String
        var note: String = "none"
        @Relationship(deleteRule: .cascade, inverse: \Box.rack) var boxes: [Box] = []
        var stickers: [RacksV1.Sticker] = []
        init(label: String) { self.label = label }
    }

    @Model final class Box {
        var name: String
        var rack: Rack?
        init(name: String) { self.name = name }
    }
}

/// `note` becomes required, without a default.
enum RacksNoteRequiredWithoutDefault {
    static let models: [any PersistentModel.Type] = [Rack.self, Box.self, RacksV1.Sticker.self, RacksV1.Loan.self]

    @Model final class Rack {
        var label: String
        var note: String
        @Relationship(deleteRule: .cascade, inverse: \Box.rack) var boxes: [Box] = []
        var stickers: [RacksV1.Sticker] = []
        init(label: String, note: String) {
            self.label = label
            self.note = note
        }
    }

    @Model final class Box {
        var name: String
        var rack: Rack?
        init(name: String) { self.name = name }
    }
}

/// A box's name becomes unique.
enum RacksUniqueBoxName {
    static let models: [any PersistentModel.Type] = [Rack.self, Box.self, RacksV1.Sticker.self, RacksV1.Loan.self]

    @Model final class Rack {
        var label: String
        var note: String?
        @Relationship(deleteRule: .cascade, inverse: \Box.rack) var boxes: [Box] = []
        var stickers: [RacksV1.Sticker] = []
        init(label: String) { self.label = label }
    }

    @Model final class Box {
        @Attribute(.unique) var name: String
        var size: Int = 0
        var rack: Rack?
        init(name: String, size: Int = 0) {
            self.name = name
            self.size = size
        }
    }
}

/// A sticker gains a to-one inverse: the rack's stickers move from the join table to
/// the sticker's key column.
enum RacksStickerInverse {
    static let models: [any PersistentModel.Type] = [Rack.self, Box.self, Sticker.self, RacksV1.Loan.self]

    @Model final class Rack {
        var label: String
        var note: String?
        @Relationship(deleteRule: .cascade, inverse: \Box.rack) var boxes: [Box] = []
        @Relationship(inverse: \Sticker.rack) var stickers: [Sticker] = []
        init(label: String) { self.label = label }
    }

    @Model final class Box {
        var name: String
        var rack: Rack?
        init(name: String) { self.name = name }
    }

    @Model final class Sticker {
        var text: String
        var rack: Rack?
        init(text: String) { self.text = text }
    }
}

/// `Loan` is gone from the models.
enum RacksWithoutLoan {
    static let models: [any PersistentModel.Type] = [RacksV1.Rack.self, RacksV1.Box.self, RacksV1.Sticker.self]
}

/// A box loses its rack: the to-one, and the rack's to-many inverse, are gone.
enum RacksWithoutBoxRack {
    static let models: [any PersistentModel.Type] = [Rack.self, Box.self, RacksV1.Sticker.self, RacksV1.Loan.self]

    @Model final class Rack {
        var label: String
        var note: String?
        var stickers: [RacksV1.Sticker] = []
        init(label: String) { self.label = label }
    }

    @Model final class Box {
        var name: String
        init(name: String) { self.name = name }
    }
}
