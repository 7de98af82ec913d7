import CommandLineSupport

extension EngineErrorMessage {
    /// The engine's errors in the words of someone tracking habits.
    static let trendy = EngineErrorMessage(
        tool: "trendy", storeName: "Trendy store", recovery: "import your last export (trendy import FILE) into a new store",
        words: ["Event": "event", "EventType": "event type", "PropertyDefinition": "property", "PropertyValue": "property value"])
}
