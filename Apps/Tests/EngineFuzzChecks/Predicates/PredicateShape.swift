import Foundation
import OpenSwiftData

/// A predicate over `Probe` as data, drawn from the fuzz bytes: atoms of the shapes a
/// `#Predicate` over such a model takes, joined by `&&`, `||` and `!`.
indirect enum PredicateShape: CustomStringConvertible {
    case atom(Atom)
    case and(PredicateShape, PredicateShape)
    case or(PredicateShape, PredicateShape)
    case not(PredicateShape)

    /// `relation`: 0 `==`, 1 `!=`, 2 `<`, 3 `<=`, 4 `>`, 5 `>=`.
    enum Atom {
        case name(relation: Int, String)
        case nickname(relation: Int, String?)
        case nicknameOr(relation: Int, fallback: String, String)
        case nameContains(String)
        case nameStarts(String)
        case nameLocalizedStandardContains(String)
        case count(relation: Int, Int)
        case countPlus(Int, relation: Int, Int)
        case big(relation: Int, Int?)
        case bigOr(relation: Int, fallback: Int, Int)
        case score(relation: Int, Double)
        case ratio(relation: Int, Double?)
        case ratioOr(relation: Int, fallback: Double, Double)
        case born(relation: Int, Date)
        case due(relation: Int, Date?)
        case dueOr(relation: Int, fallback: Date, Date)
        case flag
        case maybeFlag(relation: Int, Bool?)
        case countIfFlag(relation: Int, Int)
    }

    static func draw(_ input: inout FuzzBytes, depth: Int = 4) -> PredicateShape {
        if depth == 0 || input.choice(3) == 0 { return .atom(Atom.draw(&input)) }
        switch input.choice(3) {
        case 0: return .and(draw(&input, depth: depth - 1), draw(&input, depth: depth - 1))
        case 1: return .or(draw(&input, depth: depth - 1), draw(&input, depth: depth - 1))
        default: return .not(draw(&input, depth: depth - 1))
        }
    }

    var description: String {
        switch self {
        case .atom(let atom): "\(atom)"
        case .and(let a, let b): "(\(a) && \(b))"
        case .or(let a, let b): "(\(a) || \(b))"
        case .not(let a): "!\(a)"
        }
    }
}

extension PredicateShape.Atom {
    static func draw(_ input: inout FuzzBytes) -> Self {
        // Equality and order, or only equality where a type has no order for optionals.
        func relation() -> Int { input.choice(6) }
        func equality() -> Int { input.choice(2) }
        switch input.choice(19) {
        case 0: return .name(relation: relation(), ProbeValues.text(&input))
        case 1: return .nickname(relation: equality(), ProbeValues.optional(&input, ProbeValues.text))
        case 2: return .nicknameOr(relation: relation(), fallback: ProbeValues.text(&input), ProbeValues.text(&input))
        case 3: return .nameContains(ProbeValues.text(&input))
        case 4: return .nameStarts(ProbeValues.text(&input))
        case 5: return .nameLocalizedStandardContains(ProbeValues.text(&input))
        case 6: return .count(relation: relation(), ProbeValues.integer(&input))
        case 7: return .countPlus(ProbeValues.integer(&input), relation: relation(), ProbeValues.integer(&input))
        case 8: return .big(relation: equality(), ProbeValues.optional(&input, ProbeValues.integer))
        case 9: return .bigOr(relation: relation(), fallback: ProbeValues.integer(&input), ProbeValues.integer(&input))
        case 10: return .score(relation: relation(), ProbeValues.double(&input))
        case 11: return .ratio(relation: equality(), ProbeValues.optional(&input, ProbeValues.double))
        case 12: return .ratioOr(relation: relation(), fallback: ProbeValues.double(&input), ProbeValues.double(&input))
        case 13: return .born(relation: relation(), ProbeValues.date(&input))
        case 14: return .due(relation: equality(), ProbeValues.optional(&input, ProbeValues.date))
        case 15: return .dueOr(relation: relation(), fallback: ProbeValues.date(&input), ProbeValues.date(&input))
        case 16: return .flag
        case 17: return .maybeFlag(relation: equality(), ProbeValues.optional(&input) { $0.bool() })
        default: return .countIfFlag(relation: relation(), ProbeValues.integer(&input))
        }
    }

    /// False when there is no oracle for the atom: Swift's own evaluation would trap on
    /// some row (an arithmetic overflow), or its text is outside what SQL compares as
    /// Swift does (`ProbeValues.comparableInSQL`). Captured NaN is in: the engine compares
    /// it as Swift does (`PredicateNaNTests`).
    func evaluable(on rows: [Probe]) -> Bool {
        switch self {
        case let .countPlus(addend, _, _):
            return rows.allSatisfy { !$0.count.addingReportingOverflow(addend).overflow }
        case let .name(_, text), let .nameContains(text), let .nameStarts(text), let .nameLocalizedStandardContains(text):
            return ProbeValues.comparableInSQL(text)
        case let .nickname(_, text):
            return text.map(ProbeValues.comparableInSQL) ?? true
        case let .nicknameOr(_, fallback, text):
            return ProbeValues.comparableInSQL(fallback) && ProbeValues.comparableInSQL(text)
        default:
            return true
        }
    }
}

extension PredicateShape {
    func evaluable(on rows: [Probe]) -> Bool {
        switch self {
        case .atom(let atom): atom.evaluable(on: rows)
        case .and(let a, let b), .or(let a, let b): a.evaluable(on: rows) && b.evaluable(on: rows)
        case .not(let a): a.evaluable(on: rows)
        }
    }
}
