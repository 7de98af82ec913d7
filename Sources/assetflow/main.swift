import AssetFlow

print("assetflow: not built yet")
