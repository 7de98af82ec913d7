import Foundation
import OpenSwiftData
import Testing
@testable import CardShowPro

@Suite("Grading submissions")
struct GradingServiceTests {
    func submitted(_ context: ModelContext, cards: [InventoryCard]) throws -> GradingSubmission {
        for card in cards { context.insert(card) }
        return try GradingService(context: context).submit(cards, to: .psa, totalCost: 60, expectedReturnDate: day(45),
                                                           submissionDate: referenceDate)
    }

    @Test func newSubmissionIsSubmittedWithItsCards() throws {
        let context = try makeContext()
        let submission = try submitted(context, cards: [card("A"), card("B")])
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let stored = try #require(try fresh.fetch(FetchDescriptor<GradingSubmission>()).first)
        #expect(stored.id == submission.id)
        #expect(stored.status == .submitted)
        #expect(stored.cardCount == 2)
        #expect(stored.costPerCard == 30)
    }

    @Test func submissionMovesForwardThroughItsStatuses() throws {
        let context = try makeContext()
        let submission = try submitted(context, cards: [card()])
        let service = GradingService(context: context)
        for status in [GradingStatus.received, .grading, .shipped] {
            try service.advance(submission, to: status)
            #expect(submission.status == status)
        }
        try service.advance(submission, to: .returned, at: day(40))
        #expect(submission.actualReturnDate == day(40))
    }

    @Test func submissionCannotMoveBack() throws {
        let context = try makeContext()
        let submission = try submitted(context, cards: [card()])
        let service = GradingService(context: context)
        try service.advance(submission, to: .grading)
        #expect(throws: CardShowError.gradingCannotMoveBack(from: .grading, to: .received)) {
            try service.advance(submission, to: .received)
        }
        #expect(throws: CardShowError.self) { try service.advance(submission, to: .grading) }
    }

    @Test func submissionBecomesOverduePastItsExpectedReturn() throws {
        let context = try makeContext()
        let submission = try submitted(context, cards: [card()])
        let service = GradingService(context: context)
        #expect(try service.overdueSubmissions(now: day(44)).isEmpty)
        #expect(try service.overdueSubmissions(now: day(46)).map(\.id) == [submission.id])
        try service.advance(submission, to: .returned, at: day(47))
        #expect(try service.overdueSubmissions(now: day(50)).isEmpty)
    }

    @Test func returnRecordsEachCardsGrade() throws {
        let context = try makeContext()
        let cards = [card("A"), card("B")]
        let submission = try submitted(context, cards: cards)
        try GradingService(context: context).recordReturn(
            submission, grades: [GradeResult(cardID: cards[0].id, grade: 10, certNumber: "12345678")], at: day(30))
        let fresh = ModelContext(context.container)  // kept alive: models hold their context weakly
        let stored = try fresh.fetch(FetchDescriptor<InventoryCard>(sortBy: [SortDescriptor(\.name)]))
        #expect(stored[0].isGraded && stored[0].grade == 10 && stored[0].gradingCompany == "PSA" && stored[0].certNumber == "12345678")
        #expect(!stored[1].isGraded)
        #expect(submission.status == .returned)
    }

    @Test func anInvalidGradeOnReturnSavesNothing() throws {
        let context = try makeContext()
        let cards = [card("A")]
        let submission = try submitted(context, cards: cards)
        #expect(throws: ValidationError.invalidGrade) {
            try GradingService(context: context).recordReturn(submission, grades: [GradeResult(cardID: cards[0].id, grade: 11)])
        }
        let fresh = ModelContext(context.container)
        #expect(try fresh.fetch(FetchDescriptor<GradingSubmission>()).first?.status == .submitted)
        #expect(try fresh.fetch(FetchDescriptor<InventoryCard>()).first?.isGraded == false)
    }

    @Test func aGradeForACardNotInTheSubmissionIsRefused() throws {
        let context = try makeContext()
        let submission = try submitted(context, cards: [card("A")])
        let stranger = card("Stranger")
        context.insert(stranger)
        #expect(throws: CardShowError.cardNotInSubmission(card: stranger.id.short)) {
            try GradingService(context: context).recordReturn(submission, grades: [GradeResult(cardID: stranger.id, grade: 9)])
        }
    }

    @Test func anEmptySubmissionIsRefused() throws {
        let context = try makeContext()
        #expect(throws: CardShowError.emptySubmission) {
            try GradingService(context: context).submit([], to: .bgs, totalCost: 10)
        }
    }
}
