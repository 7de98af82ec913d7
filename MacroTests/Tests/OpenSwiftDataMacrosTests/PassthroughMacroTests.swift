import OpenSwiftDataMacroExpansions
import SwiftSyntaxMacroExpansion
import Testing

@Suite struct PassthroughMacroTests {
    @Test func attributeRelationshipAndTransientGenerateNothing() {
        assertExpansion(
            #"""
            final class Trip {
                @Attribute(.unique) var name: String = ""
                @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
                @Transient var isSelected = false
            }
            """#,
            expandedSource: """
            final class Trip {
                var name: String = ""
                var stops: [Stop] = []
                var isSelected = false
            }
            """,
            macros: [
                "Attribute": MacroSpec(type: AttributeMacro.self),
                "Relationship": MacroSpec(type: RelationshipMacro.self),
                "Transient": MacroSpec(type: TransientMacro.self),
            ]
        )
    }
}
