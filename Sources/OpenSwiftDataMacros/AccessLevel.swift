import SwiftSyntax

extension DeclModifierListSyntax {
    /// The modifier, with its trailing space, that the members generated into a model
    /// need so that they can witness `PersistentModel`'s requirements: `public` for a
    /// `public` or `open` class (`open` would be wrong on a `static var`), `package`
    /// for a `package` class, none otherwise.
    var generatedMemberAccess: String {
        if first(.public) != nil || first(.open) != nil { return "public " }
        if first(.package) != nil { return "package " }
        return ""
    }
}

enum AccessLevel {
    /// The access of the nearest enclosing type, for the freestanding macros that
    /// expand inside a model and see it only through the lexical context.
    static func enclosingTypeAccess(in lexicalContext: [Syntax]) -> String {
        for node in lexicalContext {
            if let group = node.asProtocol(DeclGroupSyntax.self) {
                return group.modifiers.generatedMemberAccess
            }
        }
        return ""
    }
}
