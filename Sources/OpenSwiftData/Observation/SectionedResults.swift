import Foundation

/// Fetched models grouped into sections by a `sectionBy` key path: a collection of
/// ``ResultsSection``s. SwiftData's, from iOS 27; a ``ResultsObserver`` made with a
/// `sectionBy:` key path keeps one in ``ResultsObserver/sections``.
///
/// There is a section for each distinct title, in the order its first model comes in the
/// results (sorted with the section key first), and each section keeps the results' order.
/// A ``ResultsObserver`` groups the models it fetched, in Swift;
/// `ModelContext.fetch(_:sectionBy:batchSize:)` has the store find the sections, and
/// loads the models of each a batch at a time.
public struct SectionedResults<Element: PersistentModel, SectionTitle: Hashable>: RandomAccessCollection, Equatable {
    let sections: [ResultsSection<Element, SectionTitle>]
    /// The position of each section, by title, for the lookups by title.
    private let positions: [SectionTitle: Int]

    /// Groups `results` by `title`. A title that comes again after another title's models
    /// (results not sorted by the section key) joins its first section, so that each title
    /// has one section.
    init(grouping results: some Sequence<Element>, by title: (Element) -> SectionTitle) {
        var titles: [SectionTitle] = []
        var members: [[Element]] = []
        var positions: [SectionTitle: Int] = [:]
        for model in results {
            let sectionTitle = title(model)
            if let position = positions[sectionTitle] {
                members[position].append(model)
            } else {
                positions[sectionTitle] = titles.count
                titles.append(sectionTitle)
                members.append([model])
            }
        }
        sections = zip(titles, members).map { ResultsSection(title: $0, elements: $1) }
        self.positions = positions
    }

    /// Sections that are consecutive runs of `results`: `runs` gives each run's title and
    /// length, in order. Consecutive runs with one title are one section (a `String?` key's
    /// nil and "" are both titled ""); nil when a title comes again after another's run.
    init?(results: FetchResultsCollection<Element>, runs: [(title: SectionTitle, count: Int)]) {
        var sections: [ResultsSection<Element, SectionTitle>] = []
        var positions: [SectionTitle: Int] = [:]
        var start = 0
        var index = 0
        while index < runs.count {
            let title = runs[index].title
            guard positions[title] == nil else { return nil }
            var end = start
            while index < runs.count, runs[index].title == title {
                end += runs[index].count
                index += 1
            }
            positions[title] = sections.count
            sections.append(ResultsSection(title: title, results: results, range: start..<end))
            start = end
        }
        guard start == results.count else { return nil }
        self.sections = sections
        self.positions = positions
    }

    /// The first index: always 0.
    public var startIndex: Int { 0 }
    /// One past the last index: the number of sections.
    public var endIndex: Int { sections.count }

    /// The section at `position`; a position out of range traps, as for an array.
    public subscript(position: Int) -> ResultsSection<Element, SectionTitle> { sections[position] }

    /// The section titled `title`, or nil if no model has that title.
    ///
    /// - Complexity: O(1).
    public subscript(sectionTitle title: SectionTitle) -> ResultsSection<Element, SectionTitle>? {
        positions[title].map { sections[$0] }
    }

    /// The titles of the sections, in their order.
    public var sectionTitles: [SectionTitle] { sections.map(\.title) }

    /// The position of the section titled `title`, or nil if no model has that title.
    ///
    /// - Complexity: O(1).
    public func index(ofSectionTitled title: SectionTitle) -> Int? {
        positions[title]
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections == rhs.sections
    }
}
