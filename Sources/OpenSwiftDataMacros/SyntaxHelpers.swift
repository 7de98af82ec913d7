import SwiftSyntax

extension AttributeListSyntax {
    /// The attribute spelled `@name` or `@Module.name`.
    func named(_ name: String) -> AttributeSyntax? {
        for element in self {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let type = attribute.attributeName
            let last = type.as(IdentifierTypeSyntax.self)?.name.text ?? type.as(MemberTypeSyntax.self)?.name.text
            if last == name { return attribute }
        }
        return nil
    }
}

extension TokenSyntax {
    /// The identifier without backticks.
    var plainText: String { identifier?.name ?? text }
}

extension DeclModifierListSyntax {
    func first(_ keyword: Keyword) -> DeclModifierSyntax? {
        first { $0.name.tokenKind == .keyword(keyword) }
    }

    func removing(_ modifier: DeclModifierSyntax) -> Self {
        Self(removingElement(withID: modifier.id, from: Array(self)))
    }
}

extension AttributeListSyntax {
    func removing(_ attribute: AttributeSyntax) -> Self {
        Self(removingElement(withID: attribute.id, from: Array(self)))
    }
}

/// Removes one element from a list of attributes or modifiers so that the tokens
/// around it stay apart (`@A\n@B var` must not become `@Avar`). The caller restores
/// the declaration's leading trivia when the element was the first one.
private func removingElement<Element: SyntaxProtocol>(withID id: SyntaxIdentifier, from elements: [Element]) -> [Element] {
    guard let index = elements.firstIndex(where: { $0.id == id }) else { return elements }
    var result = elements
    let removed = result.remove(at: index)
    if index > 0, !result[index - 1].trailingTrivia.contains(where: \.isWhitespace) {
        result[index - 1].trailingTrivia = removed.trailingTrivia
    }
    return result
}

extension VariableDeclSyntax {
    /// This declaration rewritten by `change`, with its original leading trivia, for fix-its
    /// that remove a leading attribute or modifier.
    func rewritten(_ change: (inout VariableDeclSyntax) -> Void) -> VariableDeclSyntax {
        var copy = self
        change(&copy)
        copy.leadingTrivia = leadingTrivia
        return copy
    }
}
