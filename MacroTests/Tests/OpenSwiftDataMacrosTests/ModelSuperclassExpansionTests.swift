import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A `final` class that inherits its `PersistentModel` conformance and calls no
/// `super.init` is taken for a model adopting a protocol that refines
/// `PersistentModel` (syntax cannot tell that from a model superclass), with a note
/// saying how to write a subclass so that it is recognised as one.
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

            \(emptyModelMembers("Car"))
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'Car' inherits its model conformance from 'Vehicle'; if 'Vehicle' is a '@Model' class, 'Car' is taken for a subclass of it only when it is not 'final' or its initialiser calls 'super.init': remove 'final' (or call 'super.init'), as SwiftData's subclasses are written ('@Model class Car: Vehicle')",
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

            \(emptyModelMembers("Car"))
            }

            extension Car: nonisolated PersistentModel, nonisolated Observable {
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

            \(emptyModelMembers("Car"))
            }
            """,
            macros: modelMacroOnly
        )
    }
}
