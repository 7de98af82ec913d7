import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An environment variable's value as a warning shows it: its bytes read as UTF-8, each
/// byte that is not part of UTF-8 shown as `\xE9`, as an argument's are. `ProcessInfo`
/// reads such a value with U+FFFD in their place, so `TZ=$'Europe/Par\xe9'` was warned
/// of as "Europe/Par�", hiding the byte the user set.
public enum EnvironmentValue {
    /// The value of `name`, shown so; nil when it is not set.
    public static func shown(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value))
        return ArgumentCheck.showingBytes(Array(bytes))
    }
}
