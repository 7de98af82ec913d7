import Foundation
import MomentText
import OpenSwiftData

extension GradingService {
    /// Refuses a day acquired, given to one of `cards`, after the day a grading submission
    /// holding it was sent. The submission's rule of its days (`validateDays`) runs at a save
    /// only when the submission itself changed, and a card does not know the submissions it
    /// is in: `card update --acquired` and an import took such a day, after which every change
    /// of the submission (`grading advance`, `return`) was refused. Give only the cards whose
    /// day acquired moved later, so that one stored so before the rule is still edited otherwise.
    /// The submissions are read once, however many cards.
    public func refuseAcquiredAfterSent(_ cards: [InventoryCard]) throws {
        guard !cards.isEmpty else { return }
        let changed = Set(cards.map(\.persistentModelID))
        // A day sent another program stored outside the years a day is written in (10^300
        // seconds from 1970), which listings show as "outside 1900–2199", names no day to give.
        for submission in try context.fetch(FetchDescriptor<GradingSubmission>()) where MomentText.moments.contains(submission.submissionDate) {
            let sent = DealerDay.of(submission.submissionDate)
            let late = (submission.cards ?? []).first { changed.contains($0.persistentModelID) && DealerDay.of($0.acquiredDate) > sent }
            if let late {
                throw CardShowError.acquiredAfterSent(card: late.displayName, submission: submission.id.short,
                                                      sent: String(ISO8601.string(from: submission.submissionDate).prefix(10)))
            }
        }
    }
}
