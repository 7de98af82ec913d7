import Foundation
import OpenSwiftData

enum TripStatus: String, Codable, CaseIterable { case planned, underway, finished }

/// Several related models: a to-many with a to-one inverse (an order column), a
/// many-to-many (a join table), a one-to-one pair (one key column), a compound
/// unique key and an index.
@Model
final class Trip {
    #Unique<Trip>([\.name, \.startDate])
    #Index<Trip>([\.name])

    var name: String
    var startDate: Date
    var notes: String?
    var status: TripStatus = .planned
    var tags: [String] = []
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
    @Relationship(inverse: \Traveler.trips) var travelers: [Traveler] = []
    var guide: Guide?

    init(name: String, startDate: Date) {
        self.name = name
        self.startDate = startDate
    }
}

@Model
final class Stop {
    var name: String
    var trip: Trip?
    init(name: String) { self.name = name }
}

@Model
final class Traveler {
    @Attribute(.unique) var email: String
    var trips: [Trip] = []
    init(email: String) { self.email = email }
}

@Model
final class Guide {
    var name: String
    var trip: Trip?
    init(name: String) { self.name = name }
}
