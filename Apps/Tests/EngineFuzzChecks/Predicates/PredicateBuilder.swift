import Foundation
import OpenSwiftData

/// Builds a `PredicateShape` into the expression tree `#Predicate` would have made.
enum PredicateBuilder {
    typealias P = PredicateExpressions
    typealias Variable = P.Variable<Probe>
    typealias BoolExpression = any StandardPredicateExpression<Bool>

    static func predicate(_ shape: PredicateShape) -> Predicate<Probe> {
        Predicate<Probe> { variable in build(shape, variable) }
    }

    static func build(_ shape: PredicateShape, _ v: Variable) -> BoolExpression {
        switch shape {
        case .atom(let atom): return build(atom, v)
        case .and(let a, let b): return and(build(a, v), build(b, v))
        case .or(let a, let b): return or(build(a, v), build(b, v))
        case .not(let a): return not(build(a, v))
        }
    }

    static func and<A: StandardPredicateExpression<Bool>, B: StandardPredicateExpression<Bool>>(_ a: A, _ b: B) -> BoolExpression {
        P.Conjunction(lhs: a, rhs: b)
    }

    static func or<A: StandardPredicateExpression<Bool>, B: StandardPredicateExpression<Bool>>(_ a: A, _ b: B) -> BoolExpression {
        P.Disjunction(lhs: a, rhs: b)
    }

    static func not<A: StandardPredicateExpression<Bool>>(_ a: A) -> BoolExpression { P.Negation(a) }

    static let orders: [P.ComparisonOperator] = [.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual]

    static func relate<L: StandardPredicateExpression, R: StandardPredicateExpression>(_ lhs: L, _ relation: Int, _ rhs: R)
        -> BoolExpression where L.Output == R.Output, L.Output: Comparable {
        switch relation {
        case 0: P.Equal(lhs: lhs, rhs: rhs)
        case 1: P.NotEqual(lhs: lhs, rhs: rhs)
        default: P.Comparison(lhs: lhs, rhs: rhs, op: orders[(relation - 2) % orders.count])
        }
    }

    static func equate<L: StandardPredicateExpression, R: StandardPredicateExpression>(_ lhs: L, _ relation: Int, _ rhs: R)
        -> BoolExpression where L.Output == R.Output, L.Output: Equatable {
        relation == 0 ? P.Equal(lhs: lhs, rhs: rhs) : P.NotEqual(lhs: lhs, rhs: rhs)
    }

    static func build(_ atom: PredicateShape.Atom, _ v: Variable) -> BoolExpression {
        switch atom {
        case let .name(relation, value):
            return relate(P.KeyPath(root: v, keyPath: \Probe.name), relation, P.Value(value))
        case let .nickname(relation, value):
            return equate(P.KeyPath(root: v, keyPath: \Probe.nickname), relation, P.Value(value))
        case let .nicknameOr(relation, fallback, value):
            return relate(P.NilCoalesce(lhs: P.KeyPath(root: v, keyPath: \Probe.nickname), rhs: P.Value(fallback)), relation, P.Value(value))
        case let .nameContains(value):
            return P.CollectionContainsCollection(base: P.KeyPath(root: v, keyPath: \Probe.name), other: P.Value(value))
        case let .nameStarts(value):
            return P.SequenceStartsWith(base: P.KeyPath(root: v, keyPath: \Probe.name), prefix: P.Value(value))
        case let .nameLocalizedStandardContains(value):
            return P.build_localizedStandardContains(P.KeyPath(root: v, keyPath: \Probe.name), P.Value(value))
        case let .count(relation, value):
            return relate(P.KeyPath(root: v, keyPath: \Probe.count), relation, P.Value(value))
        case let .countPlus(addend, relation, value):
            return relate(P.Arithmetic(lhs: P.KeyPath(root: v, keyPath: \Probe.count), rhs: P.Value(addend), op: .add), relation, P.Value(value))
        case let .big(relation, value):
            return equate(P.KeyPath(root: v, keyPath: \Probe.big), relation, P.Value(value))
        case let .bigOr(relation, fallback, value):
            return relate(P.NilCoalesce(lhs: P.KeyPath(root: v, keyPath: \Probe.big), rhs: P.Value(fallback)), relation, P.Value(value))
        case let .score(relation, value):
            return relate(P.KeyPath(root: v, keyPath: \Probe.score), relation, P.Value(value))
        case let .ratio(relation, value):
            return equate(P.KeyPath(root: v, keyPath: \Probe.ratio), relation, P.Value(value))
        case let .ratioOr(relation, fallback, value):
            return relate(P.NilCoalesce(lhs: P.KeyPath(root: v, keyPath: \Probe.ratio), rhs: P.Value(fallback)), relation, P.Value(value))
        case let .born(relation, value):
            return relate(P.KeyPath(root: v, keyPath: \Probe.born), relation, P.Value(value))
        case let .due(relation, value):
            return equate(P.KeyPath(root: v, keyPath: \Probe.due), relation, P.Value(value))
        case let .dueOr(relation, fallback, value):
            return relate(P.NilCoalesce(lhs: P.KeyPath(root: v, keyPath: \Probe.due), rhs: P.Value(fallback)), relation, P.Value(value))
        case .flag:
            return P.KeyPath(root: v, keyPath: \Probe.flag)
        case let .maybeFlag(relation, value):
            return equate(P.KeyPath(root: v, keyPath: \Probe.maybeFlag), relation, P.Value(value))
        case let .countIfFlag(relation, value):
            let chosen = P.Conditional(test: P.KeyPath(root: v, keyPath: \Probe.flag),
                                       trueBranch: P.KeyPath(root: v, keyPath: \Probe.count), falseBranch: P.Value(0))
            return relate(chosen, relation, P.Value(value))
        }
    }
}
