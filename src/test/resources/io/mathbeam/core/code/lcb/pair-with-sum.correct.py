from typing import List


class Solution:
    def pairWithSum(self, nums: List[int], target: int) -> List[int]:
        seen = {}
        for j, x in enumerate(nums):
            if target - x in seen:
                print("found", seen[target - x], j)  # debug output must not matter
                return (seen[target - x], j)
            seen[x] = j
        return (-1, -1)
