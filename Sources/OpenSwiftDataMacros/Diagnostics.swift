import SwiftDiagnostics
import SwiftSyntax

/// An error the macros report, worded to say what the user should change.
struct MacroError: DiagnosticMessage {
    let message: String
    let diagnosticID: MessageID
    var severity: DiagnosticSeverity { .error }

    private init(_ id: String, _ message: String) {
        self.message = message
        self.diagnosticID = MessageID(domain: "OpenSwiftDataMacros", id: id)
    }

    static func notAClass(_ keyword: String) -> Self {
        .init("notAClass", "'@Model' can only be applied to a class, not to \(article(keyword)) '\(keyword)'; declare the model as a 'final class'")
    }

    static func lazyProperty(_ name: String) -> Self {
        .init("lazyProperty", "persisted property '\(name)' cannot be 'lazy'; remove 'lazy', or mark the property '@Transient' to keep it out of the store")
    }

    static func ownership(_ modifier: String, _ name: String) -> Self {
        .init("ownership", "persisted property '\(name)' cannot be '\(modifier)'; remove '\(modifier)' (the model context owns related models), or mark the property '@Transient'")
    }

    static let multipleBindings = Self(
        "multipleBindings",
        "'@Model' needs each persisted property in its own declaration; split this into one 'var' per property"
    )

    static func missingType(_ name: String) -> Self {
        .init("missingType", "'@Model' cannot infer the type of persisted property '\(name)' from its initializer; add a type annotation, as in 'var \(name): Type = ...'")
    }

    static func transientWithoutValue(_ name: String) -> Self {
        .init("transientWithoutValue", "'@Transient' property '\(name)' needs an initial value, because models are also created from stored data; add one, as in '= ...', or make its type optional")
    }

    static func attributeAndRelationship(_ name: String) -> Self {
        .init("attributeAndRelationship", "property '\(name)' cannot have both '@Attribute' and '@Relationship'; keep '@Relationship' for a model or a collection of models, '@Attribute' otherwise")
    }

    static func noKeyPaths(_ macro: String) -> Self {
        .init("noKeyPaths", "'#\(macro)' needs at least one array of key paths, as in '#\(macro)<Model>([\\.name])'")
    }

    static func keyPathArrayExpected(_ macro: String) -> Self {
        .init("keyPathArrayExpected", "'#\(macro)' takes arrays of key-path literals, as in '[\\.name, \\.date]'; write each argument as an array literal of key paths")
    }

    static func emptyKeyPathArray(_ macro: String) -> Self {
        .init("emptyKeyPathArray", "'#\(macro)' cannot take an empty array; list at least one key path, or remove the array")
    }

    static func keyPathExpected(_ macro: String) -> Self {
        .init("keyPathExpected", "'#\(macro)' takes key-path literals only, such as '\\.name'; replace this expression with a key path to a property of the model")
    }

    static func nestedKeyPath(_ macro: String, _ suggestion: String) -> Self {
        .init("nestedKeyPath", "'#\(macro)' key paths must name a property of the model itself; replace this key path with '\(suggestion)'")
    }

    private static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}

/// A note the macros attach where they cannot be sure something is wrong.
struct MacroNote: DiagnosticMessage {
    let message: String
    let diagnosticID: MessageID
    var severity: DiagnosticSeverity { .note }

    static func inheritedModel(_ name: String, _ inherited: String) -> Self {
        Self(
            message: "'\(name)' inherits its model conformance from '\(inherited)'; if '\(inherited)' is a '@Model' class, '\(name)' is taken for a subclass of it only when it is not 'final' or its initialiser calls 'super.init': remove 'final' (or call 'super.init'), as SwiftData's subclasses are written ('@Model class \(name): \(inherited)')",
            diagnosticID: MessageID(domain: "OpenSwiftDataMacros", id: "inheritedModel")
        )
    }
}

struct MacroFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "OpenSwiftDataMacros", id: message) }

    init(_ message: String) { self.message = message }
}
