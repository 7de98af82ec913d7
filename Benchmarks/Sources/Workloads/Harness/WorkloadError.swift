/// A failed result check. Thrown after the measured region, it turns the benchmark
/// into an error instead of a number, so a broken implementation cannot look fast.
public struct WorkloadError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Throws `WorkloadError` with `message` unless `condition` holds.
@inline(__always)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) throws {
    if !condition() { throw WorkloadError(message()) }
}

/// Throws unless `actual == expected`, naming both in the message.
func checkEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
    if actual != expected { throw WorkloadError("\(what): got \(actual), expected \(expected)") }
}
