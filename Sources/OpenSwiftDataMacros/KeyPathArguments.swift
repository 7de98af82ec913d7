import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Reads the arguments of `#Unique` and `#Index`: arrays of single-component
/// key-path literals, turned into the property names they denote.
enum KeyPathArguments {
    /// The names in each array, or `nil` after reporting what is wrong.
    static func propertyNames(
        of node: some FreestandingMacroExpansionSyntax,
        macro: String,
        in context: some MacroExpansionContext
    ) -> [[String]]? {
        var diagnostics: [Diagnostic] = []
        var groups: [[String]] = []
        if let closure = node.trailingClosure {
            diagnostics.append(Diagnostic(node: closure, message: MacroError.keyPathArrayExpected(macro)))
        }
        if node.arguments.isEmpty, node.trailingClosure == nil {
            diagnostics.append(Diagnostic(node: node, message: MacroError.noKeyPaths(macro)))
        }
        for argument in node.arguments {
            guard argument.label == nil, let array = keyPathArray(in: argument.expression, macro: macro) else {
                diagnostics.append(Diagnostic(node: argument, message: MacroError.keyPathArrayExpected(macro)))
                continue
            }
            if array.elements.isEmpty {
                diagnostics.append(Diagnostic(node: array, message: MacroError.emptyKeyPathArray(macro)))
            }
            var names: [String] = []
            for element in array.elements {
                switch propertyName(of: element.expression, macro: macro) {
                case .success(let name): names.append(name)
                case .failure(let error): diagnostics.append(error.diagnostic)
                }
            }
            groups.append(names)
        }
        diagnostics.forEach(context.diagnose)
        return diagnostics.isEmpty ? groups : nil
    }

    /// The array of key paths an argument holds: the argument itself, or for `#Index`,
    /// the array of `.binary([...])` or `.rtree([...])` (both become a B-tree index: see
    /// `Schema.Index`).
    private static func keyPathArray(in expression: ExprSyntax, macro: String) -> ArrayExprSyntax? {
        if let array = expression.as(ArrayExprSyntax.self) { return array }
        guard macro == "Index", let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["binary", "rtree"].contains(member.declName.baseName.text),
              call.arguments.count == 1, let only = call.arguments.first, only.label == nil
        else { return nil }
        return only.expression.as(ArrayExprSyntax.self)
    }

    /// `[["a", "b"], ["c"]]`.
    static func literal(_ groups: [[String]]) -> String {
        "[" + groups.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
    }

    private static func propertyName(of expression: ExprSyntax, macro: String) -> Result<String, DiagnosticError> {
        guard let keyPath = expression.as(KeyPathExprSyntax.self), let first = keyPath.components.first,
              let property = first.component.as(KeyPathPropertyComponentSyntax.self),
              first.period != nil
        else {
            return .failure(DiagnosticError(Diagnostic(node: expression, message: MacroError.keyPathExpected(macro))))
        }
        // `#Index` also takes a field of a `Codable` attribute (`\.address.city`): the
        // store indexes the expression its queries read that field with.
        if macro == "Index", keyPath.components.count > 1, property.genericArgumentClause == nil,
           let names = plainPropertyChain(keyPath) {
            return .success(names.joined(separator: "."))
        }
        guard keyPath.components.count == 1, property.genericArgumentClause == nil else {
            // Offer the key path to the model's own property that the nested one starts from.
            var suggestion = keyPath.trimmed
            suggestion.components = KeyPathComponentListSyntax([first.trimmed])
            return .failure(DiagnosticError(Diagnostic(
                node: expression,
                message: MacroError.nestedKeyPath(macro, suggestion.description),
                fixIt: .replace(
                    message: MacroFixIt("Replace with '\(suggestion)'"),
                    oldNode: keyPath,
                    newNode: suggestion.with(\.leadingTrivia, keyPath.leadingTrivia).with(\.trailingTrivia, keyPath.trailingTrivia)
                )
            )))
        }
        return .success(property.declName.baseName.plainText)
    }
}

extension KeyPathArguments {
    /// The property names of `\.a.b.c`, or nil when a component is anything else
    /// (optional chaining, a subscript, a generic argument).
    static func plainPropertyChain(_ keyPath: KeyPathExprSyntax) -> [String]? {
        var names: [String] = []
        for component in keyPath.components {
            guard component.period != nil, let property = component.component.as(KeyPathPropertyComponentSyntax.self),
                  property.genericArgumentClause == nil else { return nil }
            names.append(property.declName.baseName.plainText)
        }
        return names
    }
}

/// Lets a diagnostic travel in a `Result`.
struct DiagnosticError: Error {
    let diagnostic: Diagnostic
    init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}
