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
        let inherited = inheritedConformance(classDecl, missingConformances: protocols)
        if inherited != nil, isSubclass(classDecl) {
            return subclassMembers(
                className: classDecl.name.trimmed,
                access: classDecl.modifiers.generatedMemberAccess,
                properties: properties
            )
        }
        let members = generatedMembers(
            className: classDecl.name.trimmed,
            access: classDecl.modifiers.generatedMemberAccess,
            properties: properties,
            isFinal: classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        )
        // Syntax cannot tell a model superclass from a protocol that refines
        // `PersistentModel`, and a protocol is fine, so this is a note: next to the
        // compiler's errors about the members that clash with a superclass's, it says
        // what to write for a subclass to be recognised as one.
        if let inherited {
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
        // infer a conformance that the macro declares but leaves out. Both are
        // `nonisolated`, as Apple's expansion declares them: `PersistentModel` refines
        // `SendableMetatype`, so the conformance cannot be isolated, and under a
        // module's default `MainActor` isolation it would be without the keyword.
        guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty else { return [] }
        let inheritance = protocols.map { "nonisolated \($0.trimmedDescription)" }.joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: inheritance) {}")]
    }

    private static func generatedMembers(className: TokenSyntax, access: String, properties: [PersistedProperty], isFinal: Bool) -> [DeclSyntax] {
        let parts = memberParts(className: className, properties: properties)
        // A class that may be subclassed gives its metadata as a `class var`, which a
        // `@Model` subclass overrides.
        let staticKeyword = isFinal ? "static" : "class"
        // The engine alone reads and writes the backing state, a field at a time and in
        // place; Swift's run-time exclusivity check of each access cost 6% of an insert.
        return [
            "@Transient \(raw: access)let _$observationRegistrar = Observation.ObservationRegistrar()",
            "@exclusivity(unchecked) @Transient \(raw: access)var _$backingState = _ModelBackingState()",
            "@Transient \(raw: access)var _$successorContext: ModelContext? = nil",
            """
            \(raw: access)\(raw: staticKeyword) var schemaMetadata: [Schema.PropertyMetadata] {
                [\(raw: block(parts.metadata, indent: 8))]
            }
            """,
            """
            \(raw: access)required init(_$reader reader: inout _ModelReader) throws {\(raw: block(parts.reads + parts.readLets, indent: 4))}
            """,
            """
            \(raw: access)func _$encode(to writer: inout _ModelWriter) throws {\(raw: block(parts.writes, indent: 4))}
            """,
            """
            \(raw: access)func _$faultRelationships() {\(raw: block(parts.faults, indent: 4))}
            """,
            """
            \(raw: access)required init(backingData: any BackingData<\(raw: className.text)>) {\(raw: block(parts.constants + ["self.persistentBackingData = backingData"] + parts.backingDataLets, indent: 4))}
            """,
        ]
    }

    /// A subclass of a model: the superclass holds the registrar and the backing
    /// state; the subclass describes, reads and writes its own properties, then hands
    /// on to the superclass. The runtime lays the subclass's properties out before
    /// the inherited ones, in that order.
    private static func subclassMembers(className: TokenSyntax, access: String, properties: [PersistedProperty]) -> [DeclSyntax] {
        let parts = memberParts(className: className, properties: properties)
        return [
            """
            \(raw: access)override class var schemaMetadata: [Schema.PropertyMetadata] {
                [\(raw: block(parts.metadata, indent: 8))]
            }
            """,
            """
            \(raw: access)required init(_$reader reader: inout _ModelReader) throws {\(raw: block(parts.reads + ["try super.init(_$reader: &reader)"] + parts.readLets, indent: 4))}
            """,
            """
            \(raw: access)override func _$encode(to writer: inout _ModelWriter) throws {\(raw: block(parts.writes + ["try super._$encode(to: &writer)"], indent: 4))}
            """,
            """
            \(raw: access)override func _$faultRelationships() {\(raw: block(parts.faults + ["super._$faultRelationships()"], indent: 4))}
            """,
            """
            \(raw: access)required init(backingData: any BackingData<\(raw: className.text).Root>) {\(raw: block(parts.constants + ["super.init(backingData: backingData)"] + parts.backingDataLets, indent: 4))}
            """,
        ]
    }

    private static func memberParts(className: TokenSyntax, properties: [PersistedProperty])
        -> (metadata: [String], reads: [String], readLets: [String], writes: [String], faults: [String], constants: [String], backingDataLets: [String]) {
        let metadata = properties.map { property in
            let defaultValue = property.initializer?.trimmedDescription ?? "nil"
            let storage = property.mayBeToMany ? ", storage: \\\(className.text)._\(property.plainName)" : ""
            return "Schema.PropertyMetadata(name: \"\(property.plainName)\", keypath: \\\(className.text).\(property.name.text), "
                + "defaultValue: \(defaultValue), metadata: \(property.metadata)\(storage)),"
        }
        // A constant is the stored `let` itself: read once, written from its value, never a fault.
        // One with an initial value is read into a local, which replaces the initial
        // value once the model exists (the reads must stay in declaration order).
        let reads = properties.map { property in
            let constant = "try reader.read(\(property.storageTypeExpression))._$constant(\"\(property.plainName)\", of: \"\(className.text)\")"
            return property.isTransformable && !property.isConstant
                ? "_\(property.plainName) = try reader.read(\(property.storageTypeExpression), transformedFor: \(className.text).self)"
                : property.isConstantWithInitialValue
                ? "let _$\(property.plainName) = \(constant)"
                : property.isConstant
                ? "\(property.name.text) = \(constant)"
                : "_\(property.plainName) = try reader.read(\(property.storageTypeExpression))"
        }
        let lets = properties.filter(\.isConstantWithInitialValue)
        let readLets = lets.map { property in
            "_LetStorage.store(_$\(property.plainName), in: self, property: \"\(property.plainName)\", of: \(className.text).self)"
        }
        let writes = properties.map { property in
            property.isTransformable && !property.isConstant
                ? "try writer.write(transformed: _\(property.plainName))"
                : property.isConstant
                ? "try writer.write(_PersistedStorage<\(property.storageType.trimmedDescription)>.loaded(\(property.name.text)))"
                : "try writer.write(_\(property.plainName))"
        }
        let faults = properties.filter { !$0.isConstant }.map { "_\($0.plainName) = _ModelFaulting.faulted(_\($0.plainName))" }
        // `init(backingData:)` must give a constant its value before anything else; the
        // other properties' storage keeps its initial value until the backing data's values are copied in.
        let constants = properties.filter { $0.isConstant && !$0.isConstantWithInitialValue }.map { property in
            "\(property.name.text) = _BackingDataValues.constant(backingData, \\\(className.text).\(property.name.text), \"\(property.plainName)\", of: \"\(className.text)\")"
        }
        // A `let` with an initial value keeps it when the backing data holds none.
        let backingDataLets = lets.map { property in
            "if let value = _BackingDataValues.storedConstant(backingData, \\\(className.text).\(property.name.text)) "
                + "{ _LetStorage.store(value, in: self, property: \"\(property.plainName)\", of: \(className.text).self) }"
        }
        return (metadata, reads, readLets, writes, faults, constants, backingDataLets)
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

    /// Whether a class that inherits its model conformance is a subclass of a model
    /// rather than a model adopting a protocol that refines `PersistentModel`, which
    /// syntax alone cannot tell apart: a class that can be subclassed itself (not
    /// `final`), or that calls `super.init`, is taken for a subclass, as SwiftData's
    /// subclasses are written (`@Model class BusinessTrip: Trip`).
    static func isSubclass(_ classDecl: ClassDeclSyntax) -> Bool {
        if !classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) { return true }
        return classDecl.memberBlock.members.contains { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body else { return false }
            return body.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.super) }
        }
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
