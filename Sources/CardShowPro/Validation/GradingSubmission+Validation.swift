import Foundation
import OpenSwiftData

extension GradingSubmission: ValidatingModel {
    public func validate() throws {
        guard totalCost >= 0, totalCost.isFinite else { throw ValidationError.negativeGradingCost }
        if let actualReturnDate, actualReturnDate < submissionDate { throw ValidationError.returnBeforeSubmission }
    }
}
