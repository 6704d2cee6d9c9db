def main():
    n = int(input())
    values = list(map(int, input().split()))
    print(sum(values) / n, "  ")
    print()


if __name__ == "__main__":
    main()
