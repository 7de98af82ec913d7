import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model`: marks each persisted property `@_PersistedProperty`, adds the members
/// that read, write and describe the persisted properties, and the conformance.
///
/// The compiler calls each role separately; only the member role reports
/// diagnostics, so that each misuse is reported once.
public struct ModelMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(notAClassDiagnostic(node, declaration))
            return []
        }
        var properties: [PersistedProperty] = []
        for member in classDecl.memberBlock.members {
            let analysis = PropertyAnalysis.analyze(member.decl)
            analysis.diagnostics.forEach(context.diagnose)
            if let property = analysis.property { properties.append(property) }
        }
        let members = generatedMembers(
            className: classDecl.name.trimmed,
            access: classDecl.modifiers.generatedMemberAccess,
            properties: properties
        )
        // Syntax cannot tell a model superclass from a protocol that refines
        // `PersistentModel`, and a protocol is fine, so this is a note: next to the
        // compiler's errors about the members that clash with a superclass's, it says
        // what is not supported and what to write instead.
        if let inherited = inheritedConformance(classDecl, missingConformances: protocols) {
            context.diagnose(Diagnostic(node: inherited, message: MacroNote.inheritedModel(classDecl.name.text, inherited.trimmedDescription)))
        }
        return members
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.is(ClassDeclSyntax.self),
              let variable = member.as(VariableDeclSyntax.self),
              variable.attributes.named("_PersistedProperty") == nil,
              let property = PropertyAnalysis.analyze(variable).property,
              !property.isConstant
        else { return [] }
        return ["@_PersistedProperty"]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The compiler lists the conformances the class lacks. `Observable` must be
        // written out even though `PersistentModel` refines it: the compiler does not
        // infer a conformance that the macro declares but leaves out.
        guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
        let inheritance = protocols.map(\.trimmedDescription).joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: inheritance) {}")]
    }

    private static func generatedMembers(className: TokenSyntax, access: String, properties: [PersistedProperty]) -> [DeclSyntax] {
        let metadata = properties.map { property in
            let defaultValue = property.initializer?.trimmedDescription ?? "nil"
            return "Schema.PropertyMetadata(name: \"\(property.plainName)\", keypath: \\\(className.text).\(property.name.text), "
                + "defaultValue: \(defaultValue), metadata: \(property.metadata)),"
        }
        // A constant is the stored `let` itself: read once, written from its value, never a fault.
        let reads = properties.map { property in
            property.isTransformable && !property.isConstant
                ? "_\(property.plainName) = try reader.read(\(property.storageTypeExpression), transformedFor: \(className.text).self)"
                : property.isConstant
                ? "\(property.name.text) = try reader.read(\(property.storageTypeExpression))._$constant(\"\(property.plainName)\", of: \"\(className.text)\")"
                : "_\(property.plainName) = try reader.read(\(property.storageTypeExpression))"
        }
        let writes = properties.map { property in
            property.isTransformable && !property.isConstant
                ? "try writer.write(transformed: _\(property.plainName))"
                : property.isConstant
                ? "try writer.write(_PersistedStorage<\(property.storageType.trimmedDescription)>.loaded(\(property.name.text)))"
                : "try writer.write(_\(property.plainName))"
        }
        let faults = properties.filter { !$0.isConstant }.map { "_\($0.plainName) = _ModelFaulting.faulted(_\($0.plainName))" }
        return [
            "@Transient \(raw: access)let _$observationRegistrar = Observation.ObservationRegistrar()",
            "@Transient \(raw: access)var _$backingState = _ModelBackingState()",
            """
            \(raw: access)static var schemaMetadata: [Schema.PropertyMetadata] {
                [\(raw: block(metadata, indent: 8))]
            }
            """,
            """
            \(raw: access)required init(_$reader reader: inout _ModelReader) throws {\(raw: block(reads, indent: 4))}
            """,
            """
            \(raw: access)func _$encode(to writer: inout _ModelWriter) throws {\(raw: block(writes, indent: 4))}
            """,
            """
            \(raw: access)func _$faultRelationships() {\(raw: block(faults, indent: 4))}
            """,
        ]
    }

    /// Lines on their own, indented, with the closing bracket on a line of its own;
    /// nothing at all when there are none.
    private static func block(_ lines: [String], indent: Int) -> String {
        guard !lines.isEmpty else { return "" }
        let padding = String(repeating: " ", count: indent)
        return "\n" + lines.map { padding + $0 }.joined(separator: "\n") + "\n" + String(repeating: " ", count: indent - 4)
    }

    /// The first inherited type of a class that already conforms to `PersistentModel`
    /// without naming it (the compiler leaves the conformance out of `protocols` then):
    /// a model superclass, or a protocol that refines `PersistentModel`. Nil otherwise.
    private static func inheritedConformance(_ classDecl: ClassDeclSyntax, missingConformances protocols: [TypeSyntax]) -> TypeSyntax? {
        guard !protocols.contains(where: { $0.trimmedDescription.hasSuffix("PersistentModel") }),
              let inherited = classDecl.inheritanceClause?.inheritedTypes,
              let first = inherited.first?.type,
              !inherited.contains(where: { $0.type.trimmedDescription.hasSuffix("PersistentModel") })
        else { return nil }
        return first
    }

    private static func notAClassDiagnostic(_ node: AttributeSyntax, _ declaration: some DeclGroupSyntax) -> Diagnostic {
        let keyword = declaration.introducer
        let message = MacroError.notAClass(keyword.text)
        guard declaration.is(StructDeclSyntax.self) else { return Diagnostic(node: node, message: message) }
        let range = keyword.positionAfterSkippingLeadingTrivia..<keyword.endPositionBeforeTrailingTrivia
        return Diagnostic(
            node: node,
            message: message,
            fixIt: FixIt(
                message: MacroFixIt("Replace 'struct' with 'final class'"),
                changes: [.replaceText(range: range, with: "final class", in: Syntax(keyword))]
            )
        )
    }
}
