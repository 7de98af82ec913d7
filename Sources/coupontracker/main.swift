import CouponTracker

print("coupontracker: not built yet")
