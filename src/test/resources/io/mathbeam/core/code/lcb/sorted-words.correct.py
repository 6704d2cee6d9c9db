import sys

for word in sorted(sys.stdin.buffer.read().decode().split()):
    sys.stdout.write(word + "\n")
