import CommandLineSupport
import Foundation

/// The devices' tokens and the account each signs in as, read from the file
/// `--sync-tokens` names: a line `ACCOUNT TOKEN` per token, blank lines and lines
/// beginning `#` left out. An account may have several tokens (one per device); a token
/// belongs to one account.
///
/// A token is looked up in time that does not depend on where it differs from the
/// tokens the server holds, so that a client cannot find one a character at a time.
struct SyncTokens: Sendable {
    /// The shortest token taken: 32 characters of a random token are beyond guessing.
    static let shortestToken = 32
    /// The longest account name and token taken.
    static let longestAccount = 200
    static let longestToken = 1_024

    private let entries: [(token: [UInt8], account: String)]

    /// The accounts the file names, for the log.
    var accounts: Set<String> { Set(entries.map(\.account)) }

    /// Reads the file at `path`. Throws, naming the line, for a line that is not an
    /// account and a token, a token too short or not printable ASCII, or a token given
    /// twice; a message never repeats a token.
    init(path: String) throws {
        let text = try InputFile.text(path, what: "token file")
        try self.init(text: text, source: TerminalText.quoted(path))
    }

    init(text: String, source: String) throws {
        var entries: [(token: [UInt8], account: String)] = []
        var seen = Set<[UInt8]>()
        // Accounts by their letters (Swift compares strings by canonical equivalence), with the
        // bytes and line of the first spelling; the server keeps and finds an account by its bytes.
        var spellings: [String: (bytes: [UInt8], line: Int)] = [:]
        // By Character.isNewline: to Swift a CRLF is one character, not "\n", so splitting on "\n"
        // left a file saved with CRLF line ends (Windows, some editors) one line, refused as
        // "not an account and a token".
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let place = "Line \(index + 1) of the token file \(source)"
            guard words.count == 2 else {
                throw ToolError("\(place) is not an account and a token: write each as ACCOUNT TOKEN, one pair a line "
                                + "(make a token with `openssl rand -hex 32`).")
            }
            let account = String(words[0]), token = Array(words[1].utf8)
            guard account.count <= Self.longestAccount, account.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw ToolError("\(place) names an account longer than \(Self.longestAccount) characters or with control characters: "
                                + "give each account a short name.")
            }
            // The token's characters are counted only once they are known to be ASCII, one byte each:
            // 40 "é" were said to be a token of 80 characters, and their being no ASCII was never named.
            let rule = "a token is \(Self.shortestToken) to \(Self.longestToken) printable ASCII characters, such as `openssl rand -hex 32` makes."
            guard token.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ToolError("\(place) has a token with a character that is not printable ASCII (a letter with an accent, "
                                + "a control character); \(rule)")
            }
            guard token.count >= Self.shortestToken, token.count <= Self.longestToken else {
                throw ToolError("\(place) has a token of \(token.count) characters; \(rule)")
            }
            if let first = spellings[account], first.bytes != Array(account.utf8) {
                throw ToolError("\(place) names the account \(TerminalText.quoted(account)) as line \(first.line) does, but with its "
                                + "letters encoded otherwise (one composed, as é, and one as a letter followed by an accent): the server "
                                + "would keep two accounts that look alike, and devices of one would never see the other's changes. "
                                + "Type the account's name again on one of the lines, so that both are written alike.")
            }
            spellings[account] = spellings[account] ?? (Array(account.utf8), index + 1)
            guard seen.insert(token).inserted else {
                throw ToolError("\(place) repeats a token given on an earlier line: each token belongs to one account; "
                                + "give each device a token of its own.")
            }
            entries.append((token, account))
        }
        guard !entries.isEmpty else {
            throw ToolError("The token file \(source) has no tokens: write a line ACCOUNT TOKEN for each device "
                            + "(make a token with `openssl rand -hex 32`).")
        }
        self.entries = entries
    }

    /// The account `token` signs in as, or nil. Every entry is compared, each over all
    /// of its bytes, whatever matches.
    func account(for token: Substring) -> String? {
        let given = Array(token.utf8)
        var found: String?
        for entry in entries where Self.equalInConstantTime(entry.token, given) {
            found = entry.account
        }
        return found
    }

    /// Whether two byte strings are equal, in time that depends only on `stored`'s length.
    static func equalInConstantTime(_ stored: [UInt8], _ given: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: stored.count ^ given.count)
        for index in stored.indices {
            let other = index < given.count ? given[index] : 0
            difference |= UInt(stored[index] ^ other)
        }
        return difference == 0
    }
}
