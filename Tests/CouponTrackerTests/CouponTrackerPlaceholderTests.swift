import Testing
@testable import CouponTracker

@Test func libraryLinks() { _ = CouponTrackerApp.self }
