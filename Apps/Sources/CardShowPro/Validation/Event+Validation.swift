import Foundation
import OpenSwiftData

extension Event: ValidatingModel {
    public func validate() throws {
        guard !name.isBlank else { throw ValidationError.emptyEventName }
        if let startTime, let endTime, endTime < startTime { throw ValidationError.eventEndsBeforeStart }
        guard cardsCount >= 0, cardsSold >= 0 else { throw ValidationError.negativeEventCount }
    }
}
