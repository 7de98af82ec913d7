extension Array {
    /// The most values one `contains` query names, well under SQLite's limit on bound values.
    static var queryChunkSize: Int { 500 }

    /// The elements in consecutive parts of at most ``queryChunkSize``, one query each.
    var queryChunks: [[Element]] {
        stride(from: 0, to: count, by: Self.queryChunkSize).map { Array(self[$0..<Swift.min($0 + Self.queryChunkSize, count)]) }
    }
}
