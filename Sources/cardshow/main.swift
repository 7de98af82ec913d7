print("cardshow")
