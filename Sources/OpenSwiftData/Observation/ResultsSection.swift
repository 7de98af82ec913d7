import Foundation

/// The models of one section of sectioned results: those that share one value of the
/// `sectionBy` key path, in the order of the fetch. SwiftData's, from iOS 27.
///
/// A section is a collection of its models; ``title`` (also its ``id``) is the value
/// they share. The section of a fetch grouped by the store (`ModelContext.fetch(_:sectionBy:batchSize:)`)
/// loads its models a batch at a time, when they are first used.
public struct ResultsSection<Element: PersistentModel, SectionTitle: Hashable>: RandomAccessCollection, Identifiable, Equatable {
    /// The value of the `sectionBy` key path that every model of the section has.
    public let title: SectionTitle
    /// The results the section is a part of, and its part.
    private let results: FetchResultsCollection<Element>
    private let range: Range<Int>

    init(title: SectionTitle, elements: [Element]) {
        self.init(title: title, results: FetchResultsCollection(models: elements), range: 0..<elements.count)
    }

    init(title: SectionTitle, results: FetchResultsCollection<Element>, range: Range<Int>) {
        self.title = title
        self.results = results
        self.range = range
    }

    /// The section's identity: its ``title``, which no other section of the results has.
    public var id: SectionTitle { title }

    /// The first index: always 0.
    public var startIndex: Int { 0 }
    /// One past the last index: the number of models in the section.
    public var endIndex: Int { range.count }

    /// The model at `position`; a position out of range traps, as for an array.
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < range.count, "index \(position) is out of the section's range 0..<\(range.count)")
        return results[range.lowerBound + position]
    }

    /// Two sections are equal when they have the same title and the same models in the
    /// same order. Sections of the same results compare without loading their models.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.title == rhs.title, lhs.range.count == rhs.range.count else { return false }
        if lhs.results.storage === rhs.results.storage, lhs.range == rhs.range { return true }
        return lhs.elementsEqual(rhs)
    }
}
