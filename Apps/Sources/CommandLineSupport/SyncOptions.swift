import ArgumentParser

/// What a tool's `sync` names about itself: the variable that holds the device's token
/// and an example of its server's address.
public protocol SyncingTool {
    static var tokenVariable: String { get }
    static var exampleServer: String { get }
}

/// The options of every tool's `sync`: the server's address, the device's token (else
/// the tool's token variable) and how long to wait for an answer.
public struct SyncOptions<Tool: SyncingTool>: ParsableArguments {
    @Option(help: ArgumentHelp("The sync server's address, such as \(Tool.exampleServer).", valueName: "url"))
    public var server: String

    @Option(help: ArgumentHelp("This device's token (or set \(Tool.tokenVariable)).", valueName: "token"))
    public var token: String?

    @Option(help: ArgumentHelp("Seconds to wait for the server's answer before counting it as unreachable.", valueName: "seconds"))
    public var timeout = 30

    public init() {}

    public func validate() throws {
        guard (1...3_600).contains(timeout) else { throw ValidationError("The timeout must be from 1 to 3600 seconds, not \(timeout).") }
    }

    /// A round with the server the options name, signed in with their token.
    public func round() throws -> SyncRound {
        try SyncRound(server: server, token: token, tokenVariable: Tool.tokenVariable, timeout: timeout)
    }
}
