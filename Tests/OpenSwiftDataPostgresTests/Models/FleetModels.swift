#if PostgreSQL
import Foundation
import OpenSwiftData

/// A model class hierarchy, which the PostgreSQL store refuses.
@Model
class Vehicle {
    var plate: String

    init(plate: String) {
        self.plate = plate
    }
}

@Model
class Truck: Vehicle {
    var payload: Double

    init(plate: String, payload: Double) {
        self.payload = payload
        super.init(plate: plate)
    }
}
#endif
