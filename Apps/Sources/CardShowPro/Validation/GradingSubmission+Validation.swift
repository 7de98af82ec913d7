import Foundation
import OpenSwiftData

extension GradingSubmission: ValidatingModel {
    public func validate() throws {
        // Infinity (another program's 9e999) is out of range, below: it was called negative.
        guard totalCost >= 0 else { throw ValidationError.negativeGradingCost }
        guard totalCost <= Money.maximum else { throw ValidationError.amountTooLarge("A grading submission's cost") }
        if let actualReturnDate, actualReturnDate < submissionDate { throw ValidationError.returnBeforeSubmission }
    }
}
