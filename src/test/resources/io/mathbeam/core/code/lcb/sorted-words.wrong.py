words = open(0).read().split()
print("\n".join(sorted(words, key=len)))
