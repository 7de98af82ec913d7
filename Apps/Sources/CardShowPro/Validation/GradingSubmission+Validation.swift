import Foundation
import OpenSwiftData

extension GradingSubmission: ValidatingModel {
    public func validate() throws {
        guard totalCost >= 0, totalCost.isFinite else { throw ValidationError.negativeGradingCost }
        guard totalCost <= Money.maximum else { throw ValidationError.amountTooLarge("A grading submission's cost") }
        if let actualReturnDate, actualReturnDate < submissionDate { throw ValidationError.returnBeforeSubmission }
    }
}
