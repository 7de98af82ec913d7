import Foundation
import OpenSwiftData

/// A grade to record for a card back from grading.
public struct GradeResult: Sendable, Equatable {
    public var cardID: UUID
    public var grade: Int
    public var certNumber: String?

    public init(cardID: UUID, grade: Int, certNumber: String? = nil) {
        self.cardID = cardID
        self.grade = grade
        self.certNumber = certNumber
    }
}

/// Grading submissions: sending cards off, following them through the grader, and
/// recording their grades when they come back.
public struct GradingService {
    public let context: ModelContext

    public init(context: ModelContext) {
        self.context = context
    }

    @discardableResult
    public func submit(
        _ cards: [InventoryCard],
        to company: GradingCompany,
        totalCost: Double,
        expectedReturnDate: Date? = nil,
        submissionDate: Date = Date(),
        trackingNumber: String? = nil,
        save: Bool = true
    ) throws -> GradingSubmission {
        guard !cards.isEmpty else { throw CardShowError.emptySubmission }
        return try context.change(saving: save) {
            // As they are now: another writer may have sold a card, or sent it off, since it was read.
            try send(cards.map(context.refreshed), to: company, totalCost: totalCost,
                     expectedReturnDate: expectedReturnDate, submissionDate: submissionDate, trackingNumber: trackingNumber)
        }
    }

    /// `submit`'s checks and edits, on the cards as they are now; not saved.
    private func send(_ cards: [InventoryCard], to company: GradingCompany, totalCost: Double, expectedReturnDate: Date?,
                      submissionDate: Date, trackingNumber: String?) throws -> GradingSubmission {
        for card in cards where card.status != .inStock {
            throw CardShowError.cardNotInStock(card: card.displayName, status: card.status)
        }
        if let card = InventoryCard.firstRepeated(in: cards) {
            throw CardShowError.cardListedTwice(card: card.displayName, in: "this submission")
        }
        let returned = GradingStatus.returned
        let open = try context.fetch(FetchDescriptor<GradingSubmission>(predicate: #Predicate { $0.status != returned }))
        let submitted = Set(cards.map(\.id))
        for submission in open {
            if let card = submission.cards?.first(where: { submitted.contains($0.id) }) {
                throw CardShowError.cardAlreadyOutForGrading(card: card.displayName, submission: submission.id.short)
            }
        }
        let submission = GradingSubmission(company: company, totalCost: totalCost,
                                           expectedReturnDate: expectedReturnDate, submissionDate: submissionDate)
        submission.trackingNumber = trackingNumber
        context.insert(submission)
        submission.cards = cards
        return submission
    }

    /// Moves a submission forward to `status` (skipping steps is allowed, going back is
    /// not). Reaching `.returned` records the return date, which ends `isOverdue`.
    public func advance(_ submission: GradingSubmission, to status: GradingStatus, at now: Date = Date(),
                        save: Bool = true) throws {
        try context.change(saving: save) {
            let submission = try context.refreshed(submission)
            guard status.step > submission.status.step else {
                throw CardShowError.gradingCannotMoveBack(from: submission.status, to: status)
            }
            submission.status = status
            if status == .returned { submission.actualReturnDate = now }
        }
    }

    /// Marks the submission returned (if it is not yet) and records each card's grade
    /// and certificate number: the cards become graded by the submission's company.
    public func recordReturn(_ submission: GradingSubmission, grades: [GradeResult], at now: Date = Date(),
                             save: Bool = true) throws {
        try context.change(saving: save) {
            let submission = try context.refreshed(submission)
            let cards = submission.cards ?? []
            for result in grades {
                guard let card = cards.first(where: { $0.id == result.cardID }) else {
                    throw CardShowError.cardNotInSubmission(card: result.cardID.short)
                }
                card.isGraded = true
                card.gradingCompany = submission.company.rawValue
                card.grade = result.grade
                card.certNumber = result.certNumber
            }
            if submission.status != .returned {
                submission.status = .returned
                submission.actualReturnDate = now
            }
        }
    }

    /// Every submission, newest first.
    public func allSubmissions() throws -> [GradingSubmission] {
        try context.fetch(FetchDescriptor<GradingSubmission>(sortBy: [SortDescriptor(\.submissionDate, order: .reverse)]))
    }

    /// The submissions past their expected return date at `now` and not back yet.
    public func overdueSubmissions(now: Date = Date()) throws -> [GradingSubmission] {
        let noDate: Date? = nil
        return try context.fetch(FetchDescriptor<GradingSubmission>(
            predicate: #Predicate { $0.actualReturnDate == noDate },
            sortBy: [SortDescriptor(\.submissionDate)]))
            .filter { $0.isOverdue(at: now) }
    }
}
