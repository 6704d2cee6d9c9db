n = int(input())
values = list(map(int, input().split()))
print(sum(values) // n)
