class Solution:
    def maxSubArray(self, nums: List[int]) -> int:
        best = current = 0
        for x in nums:
            current = max(0, current + x)
            best = max(best, current)
        return best
