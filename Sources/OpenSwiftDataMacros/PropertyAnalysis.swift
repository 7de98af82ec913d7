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
    /// A `let`: a plain stored constant, which Swift allows no accessors. Without an
    /// initial value the generated `init(_$reader:)` sets it, as the class's own
    /// initialisers do; with one, Swift lets no initialiser set it again, and the
    /// generated initialisers write the stored value over it (`_LetStorage`).
    let isConstant: Bool
    /// The `willSet` and `didSet` written on the property, run by the generated setter.
    let observers: PropertyObservers

    /// A `let` with an initial value, which the generated initialisers cannot assign.
    var isConstantWithInitialValue: Bool { isConstant && initializer != nil }

    /// `@Attribute(.transformable(by: ...))`: the value is read and written through the
    /// attribute's value transformer, so its type need not be `Codable`.
    var isTransformable: Bool {
        guard let arguments = declaration.attributes.named("Attribute")?.arguments?.as(LabeledExprListSyntax.self) else { return false }
        return arguments.contains { argument in
            argument.label == nil
                && argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?
                    .declName.baseName.text == "transformable"
        }
    }

    /// The name without backticks: the schema's name and the suffix of the peer.
    var plainName: String { name.plainText }

    /// Whether the type is an array (optional or not): it may be a to-many relationship,
    /// whose storage `schemaMetadata` names so that the runtime can append to it in place.
    var mayBeToMany: Bool {
        guard !isConstant else { return false }
        var type = storageType
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if type.is(ArrayTypeSyntax.self) { return true }
        return type.as(IdentifierTypeSyntax.self)?.name.text == "Array"
    }

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
    /// Classifies a class member. Only stored instance properties (`var` or `let`)
    /// that are not `@Transient` are persisted; the rest are left alone unless they are misused.
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

        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        if let lazy = variable.modifiers.first(.lazy) {
            diagnostics.append(removalDiagnostic(of: lazy, from: variable, message: .lazyProperty(name)))
        }
        for keyword in [Keyword.weak, .unowned] {
            if let modifier = variable.modifiers.first(keyword) {
                diagnostics.append(removalDiagnostic(of: modifier, from: variable, message: .ownership(modifier.name.text, name)))
            }
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
            initializer: binding.initializer?.value,
            isConstant: isLet,
            observers: PropertyObservers(binding.accessorBlock)
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

    /// The type of an initializer whose type is evident without a type checker: a
    /// literal, `T()`, `T.member`, `[T]()`, `[K: V]()`, `T<U>()`, `x as T`, and an
    /// array literal whose elements all have the same evident type. `T` must read as
    /// a type (it begins with a capital letter), so that `value.member` is not taken for one.
    static func inferredType(of expression: ExprSyntax) -> TypeSyntax? {
        switch expression.as(ExprSyntaxEnum.self) {
        case .integerLiteralExpr: return "Int"
        case .floatLiteralExpr: return "Double"
        case .stringLiteralExpr: return "String"
        case .booleanLiteralExpr: return "Bool"
        case .prefixOperatorExpr(let prefix) where prefix.operator.text == "-":
            return prefix.expression.is(IntegerLiteralExprSyntax.self) ? "Int"
                : prefix.expression.is(FloatLiteralExprSyntax.self) ? "Double" : nil
        case .asExpr(let cast) where cast.questionOrExclamationMark == nil:
            return cast.type.trimmed
        case .sequenceExpr(let sequence):
            // `0 as Int64` as the macro sees it: operators are not folded yet.
            let elements = Array(sequence.elements)
            guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
                  let type = elements[2].as(TypeExprSyntax.self) else { return nil }
            return type.type.trimmed
        case .arrayExpr(let array):
            let types = array.elements.map { inferredType(of: $0.expression)?.trimmedDescription }
            guard let first = types.first, let element = first, types.allSatisfy({ $0 == element }) else { return nil }
            return "[\(raw: element)]"
        case .functionCallExpr(let call):
            return initialisedType(call)
        case .memberAccessExpr(let access):
            // `Decimal.zero`, `Date.now`, `Kind.a`: a static member of the type it names.
            guard let base = access.base, access.declName.argumentNames == nil,
                  ![.keyword(.self), .keyword(.`init`)].contains(access.declName.baseName.tokenKind) else { return nil }
            return typeName(base)
        default:
            return nil
        }
    }

    /// `T()` (and `Date(...)`, whose initialisers cannot fail), `[T]()`, `[K: V]()`, `T<U>()`.
    private static func initialisedType(_ call: FunctionCallExprSyntax) -> TypeSyntax? {
        let hasArguments = !call.arguments.isEmpty || call.trailingClosure != nil || !call.additionalTrailingClosures.isEmpty
        let callee = call.calledExpression
        if let array = callee.as(ArrayExprSyntax.self), !hasArguments, array.elements.count == 1,
           let element = array.elements.first.flatMap({ typeName($0.expression) }) {
            return "[\(element)]"
        }
        if let dictionary = callee.as(DictionaryExprSyntax.self), !hasArguments,
           case .elements(let elements) = dictionary.content, elements.count == 1, let element = elements.first,
           let key = typeName(element.key), let value = typeName(element.value) {
            return "[\(key): \(value)]"
        }
        guard let type = typeName(callee) else { return nil }
        if type.trimmedDescription == "Date" { return type }
        return hasArguments ? nil : type
    }

    /// The type an expression names: `Decimal`, `Foundation.Decimal`, `Trip.Kind`, `Set<String>`.
    private static func typeName(_ expression: ExprSyntax) -> TypeSyntax? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard reference.argumentNames == nil, reference.baseName.plainText.first?.isUppercase == true else { return nil }
            return TypeSyntax(IdentifierTypeSyntax(name: reference.baseName.trimmed))
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            guard member.declName.argumentNames == nil, member.declName.baseName.plainText.first?.isUppercase == true,
                  let baseType = typeName(base) else { return nil }
            return TypeSyntax(MemberTypeSyntax(baseType: baseType, name: member.declName.baseName.trimmed))
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self), let base = typeName(generic.expression) {
            return TypeSyntax(IdentifierTypeSyntax(name: .identifier(base.trimmedDescription), genericArgumentClause: generic.genericArgumentClause.trimmed))
        }
        return nil
    }
}
