import SwiftData

/// The Trendy reference app's data layer (placeholder until the app lands).
public enum TrendyApp {}
