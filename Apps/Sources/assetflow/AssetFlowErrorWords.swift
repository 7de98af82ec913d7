import CommandLineSupport

extension EngineErrorMessage {
    /// The engine's errors in an investor's words.
    static let assetflow = EngineErrorMessage(
        tool: "assetflow", storeName: "AssetFlow store", recovery: "put back a copy of the store you saved",
        words: [
            "Asset": "asset", "SnapshotAssetValue": "snapshot value", "CashFlowOperation": "cash flow", "Category": "category",
            "ExchangeRate": "exchange rate", "Snapshot": "snapshot",
        ])
}
