import Trendy

print("trendy: not built yet")
