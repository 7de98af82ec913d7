print("getdiced")
