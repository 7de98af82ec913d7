import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#Unique<Model>([\.a, \.b], [\.c])`: the model's uniqueness constraints, as the
/// property names of each constraint.
public struct UniqueMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let groups = KeyPathArguments.propertyNames(of: node, macro: "Unique", in: context) else { return [] }
        let access = AccessLevel.enclosingTypeAccess(in: context.lexicalContext)
        return ["\(raw: access)static var _$uniquenessConstraints: [[String]] { \(raw: KeyPathArguments.literal(groups)) }"]
    }
}
