import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A class that inherits its `PersistentModel` conformance gets a note saying that a
/// model superclass is not supported yet and what to write instead (a protocol that
/// refines `PersistentModel` is fine, and syntax cannot tell the two apart).
@Suite struct ModelSuperclassExpansionTests {
    @Test func classThatInheritsTheConformanceGetsANoteNamingTheFix() {
        assertExpansion(
            """
            @Model
            final class Car: Vehicle {
            }
            """,
            expandedSource: """
            final class Car: Vehicle {

            \(emptyModelMembers)
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'Car' inherits its model conformance from 'Vehicle'; if 'Vehicle' is a '@Model' class, this is not supported yet: models cannot subclass models; make 'Car' a '@Model final class' of its own that repeats the properties it needs from 'Vehicle' (or holds a relationship to it), and share behaviour through a protocol",
                    line: 2, column: 18,
                    severity: .note
                ),
            ],
            macros: modelMacroOnly
        )
    }

    @Test func classThatGainsTheConformanceFromModelHasNoCheck() {
        assertExpansion(
            """
            @Model
            final class Car: Codable {
            }
            """,
            expandedSource: """
            final class Car: Codable {

            \(emptyModelMembers)
            }

            extension Car: PersistentModel, Observable {
            }
            """
        )
    }

    @Test func classThatNamesPersistentModelItselfHasNoCheck() {
        assertExpansion(
            """
            @Model
            final class Car: PersistentModel {
            }
            """,
            expandedSource: """
            final class Car: PersistentModel {

            \(emptyModelMembers)
            }
            """,
            macros: modelMacroOnly
        )
    }
}
