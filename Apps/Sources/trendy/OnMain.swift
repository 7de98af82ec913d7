/// Runs a command's body on the main actor, where the event store lives: commands run
/// on the main thread, which `assumeIsolated` checks.
func onMain(_ body: @MainActor () throws -> Void) throws {
    try MainActor.assumeIsolated { try body() }
}
