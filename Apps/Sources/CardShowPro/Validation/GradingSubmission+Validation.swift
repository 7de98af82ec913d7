import Foundation
import OpenSwiftData

extension GradingSubmission: ValidatingModel {
    public func validate() throws {
        // Infinity (another program's 9e999) is out of range, below: it was called negative.
        guard totalCost >= 0 else { throw ValidationError.negativeGradingCost }
        guard totalCost <= Money.maximum else { throw ValidationError.amountTooLarge("A grading submission's cost") }
        if let actualReturnDate, actualReturnDate < submissionDate { throw ValidationError.returnBeforeSubmission }
        try validateDays()
    }

    /// The rules of the day it was sent: after its cards were acquired, and not after the day
    /// it is expected back. A store made before them may hold a submission breaking them,
    /// which the tools name the edit that mends.
    public func validateDays() throws {
        // By days: an expected return is given as a day, its midnight, while a submission made
        // today holds the time it was made.
        let sent = DealerDay.of(submissionDate)
        if let expectedReturnDate, DealerDay.of(expectedReturnDate) < sent { throw ValidationError.expectedReturnBeforeSubmission }
        if let card = (cards ?? []).first(where: { DealerDay.of($0.acquiredDate) > sent }) {
            throw ValidationError.submittedBeforeAcquired(card.displayName)
        }
    }
}
