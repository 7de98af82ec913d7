import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#Index<Model>([\.a], [\.b, \.c])`: the model's indexes, as the property names
/// of each index.
public struct IndexMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let groups = KeyPathArguments.propertyNames(of: node, macro: "Index", in: context) else { return [] }
        let access = AccessLevel.enclosingTypeAccess(in: context.lexicalContext)
        return ["\(raw: access)static var _$indexes: [[String]] { \(raw: KeyPathArguments.literal(groups)) }"]
    }
}
