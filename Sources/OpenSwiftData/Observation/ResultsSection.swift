import Foundation

/// The models of one section of sectioned results: those that share one value of the
/// `sectionBy` key path, in the order of the fetch. SwiftData's, from iOS 27.
///
/// A section is a collection of its models; ``title`` (also its ``id``) is the value
/// they share.
public struct ResultsSection<Element: PersistentModel, SectionTitle: Hashable>: RandomAccessCollection, Identifiable, Equatable {
    /// The value of the `sectionBy` key path that every model of the section has.
    public let title: SectionTitle
    let elements: [Element]

    init(title: SectionTitle, elements: [Element]) {
        self.title = title
        self.elements = elements
    }

    /// The section's identity: its ``title``, which no other section of the results has.
    public var id: SectionTitle { title }

    /// The first index: always 0.
    public var startIndex: Int { 0 }
    /// One past the last index: the number of models in the section.
    public var endIndex: Int { elements.count }

    /// The model at `position`; a position out of range traps, as for an array.
    public subscript(position: Int) -> Element { elements[position] }
}
