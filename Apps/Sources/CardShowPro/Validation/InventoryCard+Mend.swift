import Foundation

extension InventoryCard {
    /// The options of `cardshow card update` that mend the card of `rule`, which another
    /// program (or a client keeping no rules, through sync) stored it breaking; nil for a rule
    /// no one option mends. The words that named the command alone left the option to guess,
    /// and of a company no one knows on an ungraded card the rule's own "use one of PSA, …" led
    /// to `--graded-by`, which made the card graded: `--clear-grading` mends it.
    public func mendingOptions(of rule: ValidationError) -> String? {
        switch rule {
        case .emptyName: "--name NAME"
        case .emptySetName: "--set SET"
        case .emptyCardNumber: "--number NUMBER"
        case .negativeMarketValue: "--value DOLLARS"
        case .negativePurchaseCost: "--cost DOLLARS"
        // The market value is checked first, as `validateOwnValues` does.
        case .amountTooLarge: marketValue <= Money.maximum ? "--cost DOLLARS" : "--value DOLLARS"
        case .invalidGrade: isGraded ? "--grade N" : "--clear-grading"
        case .unknownGradingCompany: isGraded ? "--graded-by COMPANY" : "--clear-grading"
        case .emptyTag: "--tag TAG"
        case .acquiredInFuture, .saleBeforeAcquired: "--acquired DATE"
        default: nil
        }
    }

    /// The words of `rule`, which the card breaks as another program stored it. Of a company
    /// no one knows on an ungraded card, the rule's "use one of PSA, …" (words for a company
    /// the user typed) led to `--graded-by`, which makes the card graded, before the line
    /// naming `--clear-grading`, which mends it: these say what is stored, and advise nothing.
    public func storedWords(of rule: ValidationError) -> String {
        if case let .unknownGradingCompany(company) = rule, !isGraded {
            return "A card that isn't graded holds the grading company \"\(company)\", which CardShow Pro doesn't know."
        }
        return rule.description
    }

    /// ``mendingOptions(of:)`` of the first rule the card as it is breaks.
    public var mendingOptions: String? {
        do {
            try validate()
            return nil
        } catch let rule as ValidationError {
            return mendingOptions(of: rule)
        } catch {
            return nil
        }
    }
}
