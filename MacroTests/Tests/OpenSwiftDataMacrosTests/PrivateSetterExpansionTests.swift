import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A `private(set)` persisted property keeps its setter's access: the generated `set`
/// is as private as the one written, and the class's own metadata still writes it.
@Suite struct PrivateSetterExpansionTests {
    @Test func privateSetterKeepsItsModifierOnTheComputedProperty() {
        assertPersistedProperty(
            "public private(set) var items: [Item]? = []", expandsTo: "public private(set) var items: [Item]?", name: "items",
            peer: "@Transient private var _items: _PersistedStorage<[Item]?> = .loaded([])"
        )
    }
}
