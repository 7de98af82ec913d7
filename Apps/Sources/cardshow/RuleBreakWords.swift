import CardShowPro
import CommandLineSupport
import OpenSwiftData

/// How `cardshow sync` names a record that its download left breaking one of the app's
/// rules, and the command that mends it.
enum RuleBreakWords {
    static func of(_ model: any PersistentModel) -> SyncRound.RecordWords {
        switch model {
        case let card as InventoryCard:
            SyncRound.RecordWords(record: "\(card.displayName.forTerminal) (\(card.id.short))",
                                  mend: "mend it with `cardshow card update \(card.id.short)\(card.mendingOptions.map { " " + $0 } ?? "")`",
                                  rule: storedWords(of: card))
        case let sale as SalesHistory:
            SyncRound.RecordWords(record: "the sale \(sale.id.short)" + (sale.card.map { " of \($0.displayName.forTerminal)" } ?? ""),
                                  mend: mend(of: sale))
        case let trade as TradeHistory:
            SyncRound.RecordWords(record: "the trade \(trade.id.short)",
                                  mend: "void it with `cardshow trade void \(trade.id.short)` and record it again")
        case let event as Event:
            SyncRound.RecordWords(record: "the event \(event.name.forTerminal) (\(event.id.short))",
                                  mend: "mend it with `cardshow event edit \(event.id.short)"
                                      + (event.breaksItsTimes ? " --started TIME --ended TIME`" : "`"))
        case let contact as Contact:
            SyncRound.RecordWords(record: "the contact \(contact.name.forTerminal) (\(contact.id.short))",
                                  mend: "mend it with `cardshow contact edit \(contact.id.short)`")
        case let want as WantListItem:
            SyncRound.RecordWords(record: "the want-list item \(want.cardName.forTerminal) (\(want.id.short))",
                                  mend: "mend it with `cardshow want edit \(want.id.short)`")
        case let price as CachedPrice:
            SyncRound.RecordWords(record: "the price of \(price.cardId.forTerminal)",
                                  mend: "set it again with `cardshow price set \(price.cardId.forTerminal)`")
        case let submission as GradingSubmission:
            SyncRound.RecordWords(record: "the grading submission \(submission.id.short)", mend: mend(of: submission))
        default:
            SyncRound.RecordWords(record: "a record", mend: "mend it on the device that saved it")
        }
    }
}

extension RuleBreakWords {
    /// The words of the first rule `card` breaks as stored (`InventoryCard.storedWords(of:)`):
    /// of a company no one knows on an ungraded card, the rule's "use one of PSA, …" led to
    /// `--graded-by`, which grades the card, before the mend named `--clear-grading`.
    static func storedWords(of card: InventoryCard) -> String? {
        do {
            try card.validate()
            return nil
        } catch let rule as CardShowPro.ValidationError {
            return card.storedWords(of: rule)
        } catch {
            return nil
        }
    }

    /// What mends a sale, by the rule it breaks: `sale edit` changes only its platform, buyer
    /// and notes, and the rule refused it of a sale whose amounts or date break one, where
    /// the note named it first.
    static func mend(of sale: SalesHistory) -> String {
        let void = "`cardshow sale void \(sale.id.short)`"
        do {
            try sale.validate()
        } catch CardShowPro.ValidationError.emptyPlatform {
            return "mend it with `cardshow sale edit \(sale.id.short) --platform WHERE`, or void it with \(void)"
        } catch CardShowPro.ValidationError.saleBeforeAcquired {
            if let card = sale.card {
                return "give the card the day it was acquired with `cardshow card update \(card.id.short) --acquired DATE`, "
                    + "or void the sale with \(void)"
            }
        } catch {}
        return "void it with \(void) and record it again"
    }
}

extension RuleBreakWords {
    /// What mends a grading submission, by the rule it breaks. One sent before its cards were
    /// acquired and expected back before they were is given both days at once: either alone is
    /// refused by the other rule.
    static func mend(of submission: GradingSubmission) -> String {
        let edit = "cardshow grading edit \(submission.id.short)"
        let sent = DealerDay.of(submission.submissionDate)
        let acquired = (submission.cards ?? []).map { DealerDay.of($0.acquiredDate) }.max()
        let expected = submission.expectedReturnDate.map(DealerDay.of)
        if let acquired, acquired > sent {
            // The card acquired after the day sent, by its ID, where one is.
            let late = (submission.cards ?? []).filter { DealerDay.of($0.acquiredDate) > sent }.map(\.id.short).sorted()
            let cardMend = late.count == 1
                ? "its card the day it was acquired with `cardshow card update \(late[0]) --acquired DATE`"
                : "its cards acquired after it (\(late.joined(separator: ", "))) the days they were acquired with `cardshow card update ID --acquired DATE`"
            if let expected, expected < acquired {
                return "give it the day it was sent and the day it is expected back at once with "
                    + "`\(edit) --submitted DATE --expected DATE`" + (expected < sent ? "" : ", or \(cardMend)")
            }
            return "give it the day it was sent with `\(edit) --submitted DATE`, or \(cardMend)"
        }
        if let expected, expected < sent { return "mend it with `\(edit) --expected DATE`" }
        return "mend it with `\(edit)`"
    }

    /// Whether the submission as stored (a refused edit rolled back) breaks a rule of its days.
    static func breaksItsDays(_ submission: GradingSubmission) -> Bool {
        (try? submission.validateDays()) == nil
    }

    /// A change of a submission refused by a rule of its days, with what mends it on a line of
    /// its own: a submission stored so before the rule refuses `advance` and `return`, which
    /// give no day, and a day sent given alone is refused by the expected day stored.
    static func refusingDays(of submission: GradingSubmission, _ change: () throws -> Void) throws {
        do {
            try change()
        } catch let error as CardShowPro.ValidationError {
            switch error {
            case .expectedReturnBeforeSubmission where breaksItsDays(submission), .submittedBeforeAcquired where breaksItsDays(submission):
                let mend = mend(of: submission)
                throw ToolError("\(error.localizedDescription) Nothing was changed.\n"
                    + mend.prefix(1).uppercased() + mend.dropFirst() + ", then run this again.")
            default: throw error
            }
        }
    }
}

private extension Event {
    /// Whether it ends before it starts, which only `event edit --started/--ended` mends.
    var breaksItsTimes: Bool {
        guard let startTime, let endTime else { return false }
        return endTime < startTime
    }
}
