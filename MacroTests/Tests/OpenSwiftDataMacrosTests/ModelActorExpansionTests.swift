import OpenSwiftDataMacroExpansions
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct ModelActorExpansionTests {
    private let macros: [String: MacroSpec] = ["ModelActor": MacroSpec(type: ModelActorMacro.self, conformances: ["ModelActor"])]

    @Test func modelActorAddsItsContainerExecutorAndInitialiser() {
        assertExpansion(
            """
            @ModelActor
            actor Importer {
            }
            """,
            expandedSource: """
            actor Importer {

                nonisolated let modelExecutor: any ModelExecutor

                nonisolated let modelContainer: ModelContainer

                init(modelContainer: ModelContainer) {
                    let modelContext = ModelContext(modelContainer)
                    self.modelExecutor = DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            }

            extension Importer: ModelActor {
            }
            """,
            macros: macros
        )
    }

    @Test func modelActorOnAClassIsRejected() {
        assertExpansion(
            """
            @ModelActor
            final class Importer {
            }
            """,
            expandedSource: """
            final class Importer {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@ModelActor applies to an actor: declare this type with 'actor'", line: 1, column: 1)],
            macros: macros
        )
    }
}
