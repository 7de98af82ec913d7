import CardShowPro
import CommandLineSupport

extension EngineErrorMessage {
    /// The engine's errors in a dealer's words, with cardshow's ways back to a good store.
    static let cardshow = EngineErrorMessage(
        tool: "cardshow", storeName: "CardShow Pro store", recovery: "restore a backup (cardshow restore FILE)",
        salvage: "`cardshow export --skip-unreadable` saves the readable cards.",
        words: CardShowStore.recordNames)
}
