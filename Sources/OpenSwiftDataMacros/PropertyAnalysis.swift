import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// A stored property that `@Model` persists, as far as syntax can tell.
struct PersistedProperty {
    let declaration: VariableDeclSyntax
    /// The name as written, backticks included: right for key paths and references.
    let name: TokenSyntax
    /// The value type, with `T!` spelled `T?`: the argument of `_PersistedStorage` and of `reader.read`.
    let storageType: TypeSyntax
    let isOptional: Bool
    let initializer: ExprSyntax?

    /// The name without backticks: the schema's name and the suffix of the peer.
    var plainName: String { name.plainText }

    /// `schemaMetadata`'s `metadata:` argument: the property's `@Attribute` or
    /// `@Relationship` arguments, copied verbatim, except that an `inverse:` key path
    /// goes through `Schema.Relationship._$inverse(_:)`, whose overloads accept only
    /// relationships: an inverse that is not one fails to compile, saying so.
    var metadata: ExprSyntax {
        for (attributeName, type) in [("Attribute", "Schema.Attribute"), ("Relationship", "Schema.Relationship")] {
            if let attribute = declaration.attributes.named(attributeName) {
                let arguments = attribute.arguments?.as(LabeledExprListSyntax.self).map { list in
                    list.map { argument -> String in
                        guard argument.label?.text == "inverse" else { return argument.trimmedDescription }
                        let comma = argument.trailingComma == nil ? "" : ","
                        return "inverse: Schema.Relationship._$inverse(\(argument.expression.trimmedDescription))\(comma)"
                    }.joined(separator: " ")
                } ?? ""
                return "\(raw: type)(\(raw: arguments))"
            }
        }
        return "nil"
    }

    /// `.loaded` when the value is known before any store is read, so that the
    /// class's own initialisers may leave the property alone.
    var peerInitialValue: ExprSyntax {
        if let initializer { return ".loaded(\(initializer.trimmed))" }
        return isOptional ? ".loaded(nil)" : ".unloaded"
    }

    /// `String.self`, parenthesised where the type alone would not parse as an expression.
    var storageTypeExpression: ExprSyntax {
        let needsParentheses = storageType.is(FunctionTypeSyntax.self) || storageType.is(SomeOrAnyTypeSyntax.self)
            || storageType.is(CompositionTypeSyntax.self) || storageType.is(AttributedTypeSyntax.self)
        return needsParentheses ? "(\(storageType)).self" : "\(storageType).self"
    }
}

/// What `@Model` makes of one member declaration.
struct MemberAnalysis {
    var property: PersistedProperty?
    var diagnostics: [Diagnostic] = []

    static let ignored = MemberAnalysis(property: nil)
}

enum PropertyAnalysis {
    /// Classifies a class member. Only stored instance `var`s that are not
    /// `@Transient` are persisted; the rest are left alone unless they are misused.
    static func analyze(_ member: some DeclSyntaxProtocol) -> MemberAnalysis {
        guard let variable = member.as(VariableDeclSyntax.self) else { return .ignored }
        if variable.modifiers.first(.static) != nil || variable.modifiers.first(.class) != nil { return .ignored }
        if variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text.hasPrefix("_$") == true }) {
            return .ignored
        }
        if variable.bindings.contains(where: { $0.accessorBlock.map(isComputed) == true }) { return .ignored }
        if variable.attributes.named("Transient") != nil { return analyzeTransient(variable) }
        return analyzePersisted(variable)
    }

    private static func analyzeTransient(_ variable: VariableDeclSyntax) -> MemberAnalysis {
        // An initialiser the macro writes, `init(_$reader:)`, must leave every stored
        // property initialised; Swift gives only optional `var`s an implicit `nil`.
        var analysis = MemberAnalysis.ignored
        let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
        for binding in variable.bindings where binding.initializer == nil {
            if isVar, let type = binding.typeAnnotation?.type, isOptional(type) { continue }
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText ?? binding.pattern.trimmedDescription
            analysis.diagnostics.append(Diagnostic(node: binding.pattern, message: MacroError.transientWithoutValue(name)))
        }
        return analysis
    }

    private static func analyzePersisted(_ variable: VariableDeclSyntax) -> MemberAnalysis {
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
              let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
        else {
            return MemberAnalysis(property: nil, diagnostics: [Diagnostic(node: variable.bindings, message: MacroError.multipleBindings)])
        }
        let name = identifier.plainText
        var diagnostics: [Diagnostic] = []

        if variable.bindingSpecifier.tokenKind == .keyword(.let) {
            diagnostics.append(Diagnostic(
                node: variable.bindingSpecifier,
                message: MacroError.persistedLet(name),
                fixIt: .replace(
                    message: MacroFixIt("Replace 'let' with 'var'"),
                    oldNode: variable.bindingSpecifier,
                    newNode: variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))
                )
            ))
        }
        if let lazy = variable.modifiers.first(.lazy) {
            diagnostics.append(removalDiagnostic(of: lazy, from: variable, message: .lazyProperty(name)))
        }
        for keyword in [Keyword.weak, .unowned] {
            if let modifier = variable.modifiers.first(keyword) {
                diagnostics.append(removalDiagnostic(of: modifier, from: variable, message: .ownership(modifier.name.text, name)))
            }
        }
        if let observers = binding.accessorBlock {
            diagnostics.append(Diagnostic(
                node: observers,
                message: MacroError.observers(name),
                fixIt: .replace(
                    message: MacroFixIt("Remove the observers"),
                    oldNode: binding,
                    newNode: binding.with(\.accessorBlock, nil).with(\.trailingTrivia, binding.accessorBlock?.trailingTrivia ?? [])
                )
            ))
        }
        // Past these, the accessors and the peer would only add errors to the ones above.
        let isUsable = diagnostics.isEmpty
        if let attribute = variable.attributes.named("Attribute"), let relationship = variable.attributes.named("Relationship") {
            let second = attribute.position < relationship.position ? relationship : attribute
            diagnostics.append(Diagnostic(
                node: second,
                message: MacroError.attributeAndRelationship(name),
                fixIts: [attribute, relationship].map { removed in
                    .replace(
                        message: MacroFixIt("Remove '@\(removed.attributeName.trimmedDescription)'"),
                        oldNode: variable,
                        newNode: variable.rewritten { $0.attributes = $0.attributes.removing(removed) }
                    )
                }
            ))
        }

        let type = binding.typeAnnotation.map { storageType(for: $0.type) }
            ?? binding.initializer.flatMap { inferredType(of: $0.value) }
        guard let type else {
            diagnostics.append(Diagnostic(node: binding.pattern, message: MacroError.missingType(name)))
            return MemberAnalysis(property: nil, diagnostics: diagnostics)
        }
        let property = PersistedProperty(
            declaration: variable,
            name: identifier.trimmed,
            storageType: type,
            isOptional: binding.typeAnnotation.map { isOptional($0.type) } ?? false,
            initializer: binding.initializer?.value
        )
        return MemberAnalysis(property: isUsable ? property : nil, diagnostics: diagnostics)
    }

    private static func removalDiagnostic(of modifier: DeclModifierSyntax, from variable: VariableDeclSyntax, message: MacroError) -> Diagnostic {
        Diagnostic(
            node: modifier,
            message: message,
            fixIt: .replace(
                message: MacroFixIt("Remove '\(modifier.name.text)'"),
                oldNode: variable,
                newNode: variable.rewritten { $0.modifiers = $0.modifiers.removing(modifier) }
            )
        )
    }

    /// Observers keep a property stored; anything else makes it computed.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return true }
        return accessors.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }

    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.name.text == "Optional" && member.genericArgumentClause != nil
                && member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift"
        }
        return false
    }

    /// `T!` cannot be a generic argument; the stored value is a `T?` all the same.
    static func storageType(for type: TypeSyntax) -> TypeSyntax {
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return TypeSyntax(OptionalTypeSyntax(wrappedType: unwrapped.wrappedType.trimmed))
        }
        return type.trimmed
    }

    /// The type of an initializer whose type is evident without a type checker.
    static func inferredType(of expression: ExprSyntax) -> TypeSyntax? {
        switch expression.as(ExprSyntaxEnum.self) {
        case .integerLiteralExpr: return "Int"
        case .floatLiteralExpr: return "Double"
        case .stringLiteralExpr: return "String"
        case .booleanLiteralExpr: return "Bool"
        case .prefixOperatorExpr(let prefix) where prefix.operator.text == "-":
            return prefix.expression.is(IntegerLiteralExprSyntax.self) ? "Int"
                : prefix.expression.is(FloatLiteralExprSyntax.self) ? "Double" : nil
        case .functionCallExpr(let call):
            // Only initialisers that cannot fail and whose type has no generic parameters.
            guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            if callee == "Date" { return "Date" }
            if ["UUID", "Data"].contains(callee), call.arguments.isEmpty, call.trailingClosure == nil { return TypeSyntax(stringLiteral: callee) }
            return nil
        case .memberAccessExpr(let access):
            return access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date" && access.declName.baseName.text == "now"
                ? "Date" : nil
        default:
            return nil
        }
    }
}
