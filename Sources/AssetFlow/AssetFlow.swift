import SwiftData

/// The AssetFlow reference app's data layer (placeholder until the app lands).
public enum AssetFlowApp {}
