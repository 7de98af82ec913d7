/// A device's token given with white space around it: a carriage return at its end, as
/// `CARDSHOW_SYNC_TOKEN=$(cat token.txt)` leaves when the file was saved with CRLF line ends
/// (the shell takes off the line feed only), or a space or tab copied with it. The transport
/// refuses it as a token "that holds spaces or characters other than printable ASCII", which
/// the user, looking at the token they were given, cannot see.
enum SyncTokenEdges {
    /// Why `token`, given in `source` (`--token`, or the variable's name), cannot be sent as
    /// it is, naming what is around it; nil when nothing is.
    static func problem(_ token: String, source: String) -> String? {
        let unicode = token.unicodeScalars
        guard let first = unicode.first, let last = unicode.last else { return nil }
        if last == "\r" || last == "\n" {
            return "The token in \(source) ends with a \(last == "\r" ? "carriage return (\\r)" : "line feed (\\n)"), as a token read "
                + "from a file saved with CRLF line ends does: give it without (tr -d '\\r' < FILE). Nothing was synced."
        }
        for (scalar, place) in [(first, "begins"), (last, "ends")] where scalar == " " || scalar == "\t" {
            return "The token in \(source) \(place) with a \(scalar == " " ? "space" : "tab"): give the token alone, without the "
                + "white space around it. Nothing was synced."
        }
        return nil
    }
}
