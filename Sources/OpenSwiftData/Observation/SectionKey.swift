import Foundation

/// How a sectioned ``ResultsObserver`` groups its results: the `sectionBy` key path, the
/// sort that brings each section's models together, and the title of a model.
struct SectionKey<Element: PersistentModel, SectionTitle: Hashable> {
    let keyPath: PartialKeyPath<Element>
    /// Makes the ascending sort by the key path that the observer puts first in its sort
    /// descriptors. A function rather than a stored `SortDescriptor`: copying a struct
    /// that holds one, in a generic context, refers to the metadata of a type Foundation
    /// does not export (`SortDescriptor.AllowedComparison`), and a release build of a
    /// program using the library then fails to link.
    let makeSortDescriptor: () -> SortDescriptor<Element>
    let title: (Element) -> SectionTitle
    /// The title of a stored value of the key path's attribute, decoded; nil for a value
    /// that is not one of the key path's.
    let storedTitle: (Any?) -> SectionTitle?

    var sortDescriptor: SortDescriptor<Element> { makeSortDescriptor() }

    /// Whether `descriptors` already begin with a sort by the key path (in either order).
    func leads(_ descriptors: [SortDescriptor<Element>]) -> Bool {
        descriptors.first?.keyPath == keyPath
    }

    /// `descriptors`, with the section's sort put first unless they begin with it.
    func prepended(to descriptors: [SortDescriptor<Element>]) -> [SortDescriptor<Element>] {
        leads(descriptors) ? descriptors : [sortDescriptor] + descriptors
    }

    /// An ascending sort by `keyPath`, made generically so that a `String` key path gets
    /// the plain `<` sort the store runs in SQL, not a comparator's.
    private static func ascending<Value: Comparable>(_ keyPath: KeyPath<Element, Value>) -> SortDescriptor<Element> {
        SortDescriptor(sendable(keyPath), order: .forward)
    }

    private static func ascending<Value: Comparable>(_ keyPath: KeyPath<Element, Value?>) -> SortDescriptor<Element> {
        SortDescriptor(sendable(keyPath), order: .forward)
    }

    /// `keyPath` as the `Sendable` key path `SortDescriptor` takes. SwiftData's `sectionBy:`
    /// takes a plain `KeyPath`; one that names a property captures no values, which is
    /// what makes a key path `Sendable`, and `Sendable` is a marker with no runtime form,
    /// so the reference is the same.
    private static func sendable<Value>(_ keyPath: KeyPath<Element, Value>) -> any KeyPath<Element, Value> & Sendable {
        unsafeBitCast(keyPath, to: (any KeyPath<Element, Value> & Sendable).self)
    }
}

extension SectionKey where SectionTitle == String {
    init(_ keyPath: KeyPath<Element, String>) {
        self.init(keyPath: keyPath, makeSortDescriptor: { Self.ascending(keyPath) }, title: { $0[keyPath: keyPath] },
                  storedTitle: { $0 as? String })
    }

    /// Models whose value is nil go to the section titled "" (with models whose value is
    /// ""): the section title is a `String`, as in SwiftData's declaration. Nil sorts
    /// first, and "" right after it, so that section comes first.
    init(_ keyPath: KeyPath<Element, String?>) {
        self.init(keyPath: keyPath, makeSortDescriptor: { Self.ascending(keyPath) }, title: { $0[keyPath: keyPath] ?? "" },
                  storedTitle: { value in
                      guard let value, let title = value as? String? else { return value == nil ? "" : nil }
                      return title ?? ""
                  })
    }
}
