import Foundation

/// Where a grading submission is. The cases are in the order a submission moves
/// through them; `GradingService` only moves submissions forward.
public enum GradingStatus: String, Codable, CaseIterable, Sendable {
    case preparing = "Preparing"
    case submitted = "Submitted"
    case received = "Received by Grader"
    case grading = "In Grading"
    case shipped = "Shipped Back"
    case returned = "Returned"

    /// Position in the submission's life, from 0 (preparing) to 5 (returned).
    public var step: Int { GradingStatus.allCases.firstIndex(of: self)! }
}
