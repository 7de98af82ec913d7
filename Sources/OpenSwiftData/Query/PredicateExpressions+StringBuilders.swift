import Foundation

// Builders that Apple's Foundation gives `#Predicate` and Linux's lacks, so that
// `#Predicate<Card> { $0.name.localizedStandardContains(text) }` compiles unchanged.
// `#Predicate` turns `x.method(y)` into `PredicateExpressions.build_method(x, y)`;
// these are found there. Each evaluates with Foundation's own String method.
#if !canImport(Darwin)
extension PredicateExpressions {
    /// `a.localizedStandardContains(b)`: case- and diacritic-insensitive, locale-aware.
    public struct StringLocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// The type the expression evaluates to.
        public typealias Output = Bool
        /// The string the method is called on.
        public let root: Root
        /// The string passed to the method.
        public let other: Other

        /// The expression of the method called on `root` with `other`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Calls the method on the evaluated strings.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(try other.evaluate(bindings))
        }
    }

    /// `a.caseInsensitiveCompare(b)`.
    public struct StringCaseInsensitiveCompare<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// The type the expression evaluates to.
        public typealias Output = ComparisonResult
        /// The string the method is called on.
        public let root: Root
        /// The string passed to the method.
        public let other: Other

        /// The expression of the method called on `root` with `other`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Calls the method on the evaluated strings.
        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            try root.evaluate(bindings).caseInsensitiveCompare(try other.evaluate(bindings))
        }
    }

    /// `a.localizedCompare(b)`.
    public struct StringLocalizedCompare<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// The type the expression evaluates to.
        public typealias Output = ComparisonResult
        /// The string the method is called on.
        public let root: Root
        /// The string passed to the method.
        public let other: Other

        /// The expression of the method called on `root` with `other`.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Calls the method on the evaluated strings.
        public func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            try root.evaluate(bindings).localizedCompare(try other.evaluate(bindings))
        }
    }

    /// What `#Predicate` builds for `localizedStandardContains(_:)` where Foundation offers no expression of its own.
    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other)
    -> StringLocalizedStandardContains<Root, Other> {
        StringLocalizedStandardContains(root: root, other: other)
    }

    /// What `#Predicate` builds for `caseInsensitiveCompare(_:)` where Foundation offers no expression of its own.
    public static func build_caseInsensitiveCompare<Root, Other>(_ root: Root, _ other: Other)
    -> StringCaseInsensitiveCompare<Root, Other> {
        StringCaseInsensitiveCompare(root: root, other: other)
    }

    /// What `#Predicate` builds for `localizedCompare(_:)` where Foundation offers no expression of its own.
    public static func build_localizedCompare<Root, Other>(_ root: Root, _ other: Other)
    -> StringLocalizedCompare<Root, Other> {
        StringLocalizedCompare(root: root, other: other)
    }
}

extension PredicateExpressions.StringLocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.StringLocalizedStandardContains: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringLocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringCaseInsensitiveCompare: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.StringCaseInsensitiveCompare: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringCaseInsensitiveCompare: Sendable where Root: Sendable, Other: Sendable {}

extension PredicateExpressions.StringLocalizedCompare: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.StringLocalizedCompare: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.StringLocalizedCompare: Sendable where Root: Sendable, Other: Sendable {}

#endif
