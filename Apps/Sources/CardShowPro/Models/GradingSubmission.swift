import Foundation
import OpenSwiftData

/// A batch of cards sent to PSA, BGS, CGC or SGC for grading.
@Model
public final class GradingSubmission {
    #Index<GradingSubmission>([\.submissionDate])

    @Attribute(.unique) public var id: UUID
    public var company: GradingCompany
    public var submissionDate: Date
    public var expectedReturnDate: Date?
    public var actualReturnDate: Date?
    public var totalCost: Double
    public var status: GradingStatus
    public var trackingNumber: String?
    public var notes: String?

    // Relationships
    @Relationship(deleteRule: .nullify) public var cards: [InventoryCard]?

    public init(
        company: GradingCompany,
        totalCost: Double,
        expectedReturnDate: Date? = nil,
        submissionDate: Date = Date()
    ) {
        self.id = UUID()
        self.company = company
        self.submissionDate = submissionDate
        self.expectedReturnDate = expectedReturnDate
        self.totalCost = totalCost
        self.status = .submitted
    }

    // MARK: Computed

    /// Past its expected return date and not back yet.
    public var isOverdue: Bool { isOverdue(at: Date()) }

    public func isOverdue(at now: Date) -> Bool {
        guard let expected = expectedReturnDate, actualReturnDate == nil else {
            return false
        }
        return now > expected
    }

    /// Whole days since submission.
    public var daysOut: Int { daysOut(at: Date()) }

    public func daysOut(at now: Date) -> Int {
        let days = (now.timeIntervalSince(submissionDate) / 86400).rounded(.towardZero)
        // A date no calendar holds (another program's, in the store) is out for ever, or not yet
        // sent, where converting it stopped the process.
        return Int(exactly: days) ?? (days < 0 ? .min : .max)
    }

    public var cardCount: Int {
        cards?.count ?? 0
    }

    public var costPerCard: Double {
        guard cardCount > 0 else { return 0 }
        return totalCost / Double(cardCount)
    }
}
