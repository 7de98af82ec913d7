/// What a message to a user must not contain: Swift type names, SQL, or the engine's
/// vocabulary. Each entry is a piece of text only a programmer would recognise.
public enum InternalWords {
    public static let all = [
        "Error(", "Error.", "DecodingError", "EncodingError", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "Optional(",
        "SQLite error", "SELECT ", "INSERT ", "UPDATE ", "DELETE FROM", "ModelContext", "PersistentIdentifier",
        "Swift.", "Foundation.", "fatal error", "Fatal error", "(code:", "dataCorrupted", "keyNotFound", "typeMismatch",
    ]

    /// The internal words `text` contains.
    public static func found(in text: String) -> [String] { all.filter { text.contains($0) } }
}
