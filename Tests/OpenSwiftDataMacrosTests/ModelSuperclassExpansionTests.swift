import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A class that inherits its `PersistentModel` conformance gets a check that fails to
/// compile, naming what is not supported, when what it inherits from is a model class.
@Suite struct ModelSuperclassExpansionTests {
    @Test func classThatInheritsTheConformanceChecksWhatItInheritsFrom() {
        assertExpansion(
            """
            @Model
            final class Car: Vehicle {
            }
            """,
            expandedSource: """
            final class Car: Vehicle {

            \(emptyModelMembers)

                private static func _$checkSuperclass() {
                    _$modelSuperclassCheck(Vehicle.self)
                }
            }
            """,
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
