import Foundation
import OpenSwiftData

/// A second subclass of the same root, with a property set after `super.init`.
@Model
class PersonalJourney: Journey {
    var reason: String = ""

    init(name: String, start: Date, reason: String) {
        super.init(name: name, start: start)
        self.reason = reason
    }
}
