import Foundation
import OpenSwiftData

/// A subclass of a model that adds properties of its own, set before `super.init`.
@Model
class BusinessJourney: Journey {
    var perDiem: Double
    var client: String?

    init(name: String, start: Date, perDiem: Double, client: String? = nil) {
        self.perDiem = perDiem
        self.client = client
        super.init(name: name, start: start)
    }
}
