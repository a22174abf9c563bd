// Release-mode benchmarks; prints figures for the README.
print("benchmarks: not yet")
