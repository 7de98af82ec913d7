import Foundation
import OpenSwiftData

/// Case- and accent-insensitive text search in predicates: `localizedStandardContains`.
///
/// Foundation on Linux has no `#Predicate` builder for `localizedStandardContains`
/// (the engine is adding one), so `#Predicate { $0.name.localizedStandardContains(text) }`
/// does not compile yet. Until it does, searches go through `TextSearch.predicate`,
/// which builds the same predicate from an expression of our own (evaluated in Swift).
/// When the engine's builder lands, replace the body of `predicate` with the
/// `#Predicate` above and delete `LocalizedStandardContains`.
public enum TextSearch {
    /// Models whose string at `keyPath` contains `text`, ignoring case and accents.
    public static func predicate<Model: PersistentModel>(
        _ keyPath: KeyPath<Model, String> & Sendable, contains text: String
    ) -> Predicate<Model> {
        Predicate<Model>({ model in
            LocalizedStandardContains(
                base: PredicateExpressions.build_KeyPath(root: model, keyPath: keyPath),
                other: PredicateExpressions.build_Arg(text))
        })
    }
}

/// `base.localizedStandardContains(other)` as a predicate expression.
public struct LocalizedStandardContains<Base: StandardPredicateExpression<String>, Other: StandardPredicateExpression<String>>:
    StandardPredicateExpression
{
    public typealias Output = Bool
    public let base: Base
    public let other: Other

    public init(base: Base, other: Other) {
        self.base = base
        self.other = other
    }

    public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
        try base.evaluate(bindings).localizedStandardContains(try other.evaluate(bindings))
    }
}
