/// A condition that stays in Swift on a store but that SQL can narrow: its narrowing
/// holds for every row the condition holds for, and perhaps for others, so the store
/// reads fewer rows and Swift decides on those.
///
/// Only a whole conjunct of the predicate is narrowed (see `PredicateTranslator`): under
/// a negation, or as an operand, a wider set of rows would be a wrong one.
protocol SQLNarrowable {
    func narrowing(in context: SQLTranslationContext) throws -> SQLExpression
}

/// A narrowing that also says which of the rows it keeps only Swift can decide: every
/// other row it keeps is a match. A store that finds no such row among a fetch's has the
/// fetch's answer in SQL alone, its window and count included.
protocol SQLDecidingNarrowable: SQLNarrowable {
    /// SQL, without arguments, true for the rows the narrowing keeps that Swift must decide;
    /// nil when it cannot tell them apart.
    func undecided(in context: SQLTranslationContext) throws -> SQLFragment?
}

