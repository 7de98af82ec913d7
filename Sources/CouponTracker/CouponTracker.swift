import SwiftData

/// The CouponTracker reference app's data layer (placeholder until the app lands).
public enum CouponTrackerApp {}
