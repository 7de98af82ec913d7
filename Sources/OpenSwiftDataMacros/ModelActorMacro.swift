import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ModelActor`: the members SwiftData's macro of the same name generates.
public struct ModelActorMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelActorDiagnostic.notAnActor))
            return []
        }
        let access = declaration.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        return [
            "\(raw: access)nonisolated let modelExecutor: any ModelExecutor",
            "\(raw: access)nonisolated let modelContainer: ModelContainer",
            """
            \(raw: access)init(modelContainer: ModelContainer) {
                let modelContext = ModelContext(modelContainer)
                self.modelExecutor = DefaultSerialModelExecutor(modelContext: modelContext)
                self.modelContainer = modelContainer
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ActorDeclSyntax.self), !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): ModelActor {}")]
    }
}

enum ModelActorDiagnostic: String, DiagnosticMessage {
    case notAnActor

    var message: String { "@ModelActor applies to an actor: declare this type with 'actor'" }
    var diagnosticID: MessageID { MessageID(domain: "OpenSwiftDataMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
