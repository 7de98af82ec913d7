/// A condition that stays in Swift on a store but that SQL can narrow: its narrowing
/// holds for every row the condition holds for, and perhaps for others, so the store
/// reads fewer rows and Swift decides on those.
///
/// Only a whole conjunct of the predicate is narrowed (see `PredicateTranslator`): under
/// a negation, or as an operand, a wider set of rows would be a wrong one.
protocol SQLNarrowable {
    func narrowing(in context: SQLTranslationContext) throws -> SQLExpression
}
