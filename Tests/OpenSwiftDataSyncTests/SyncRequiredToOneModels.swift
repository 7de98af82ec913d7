import Foundation
import OpenSwiftData

/// A keeper of pets, whose name is unique: two devices that make the same name make one
/// keeper. Its pets go with it.
@Model
final class SyncKeeper {
    #Unique<SyncKeeper>([\.name])
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \SyncPet.keeper) var pets: [SyncPet] = []

    init(name: String) { self.name = name }
}

/// A walker, whose pets are let go when it is deleted (`.nullify`), which a pet that must
/// have a walker cannot be: deleted on another device, the walker takes them with it.
@Model
final class SyncWalker {
    var name: String
    @Relationship(deleteRule: .nullify, inverse: \SyncPet.walker) var pets: [SyncPet] = []

    init(name: String) { self.name = name }
}

/// A pet, which always has a keeper and a walker: its two to-ones are not optional.
@Model
final class SyncPet {
    var name: String
    var keeper: SyncKeeper
    var walker: SyncWalker

    init(name: String, keeper: SyncKeeper, walker: SyncWalker) {
        self.name = name
        self.keeper = keeper
        self.walker = walker
    }
}

let syncRequiredToOneModels: [any PersistentModel.Type] = [SyncKeeper.self, SyncWalker.self, SyncPet.self]

/// A thing that must name its maker, which has no relationship back: sync could not find
/// the things to delete with a maker another device deleted.
@Model
final class SyncMaker {
    var name: String

    init(name: String) { self.name = name }
}

@Model
final class SyncThing {
    var name: String
    var maker: SyncMaker

    init(name: String, maker: SyncMaker) {
        self.name = name
        self.maker = maker
    }
}

/// A badge that must name its holder, whose holder names one badge: a one-to-one.
@Model
final class SyncHolder {
    var name: String
    @Relationship(inverse: \SyncBadge.holder) var badge: SyncBadge?

    init(name: String) { self.name = name }
}

@Model
final class SyncBadge {
    var code: String
    var holder: SyncHolder

    init(code: String, holder: SyncHolder) {
        self.code = code
        self.holder = holder
    }
}
