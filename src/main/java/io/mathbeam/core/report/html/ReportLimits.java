package io.mathbeam.core.report.html;

/**
 * How much response text the problem browser embeds. At most {@code samplesPerProblem} responses
 * per problem are embedded (the others are listed by grade only); a response longer than {@code
 * responseChars} keeps its beginning and end around an omission note; problem statements are cut at
 * {@code problemChars}. When the embedded responses together would exceed {@code
 * totalResponseChars}, the per-response cap is lowered, and when it would fall below {@code
 * minResponseChars}, fewer responses per problem are embedded instead (see docs/REPORT.md).
 */
public record ReportLimits(
    int samplesPerProblem,
    int responseChars,
    int problemChars,
    long totalResponseChars,
    int minResponseChars) {
  /** 8 responses per problem, 20,000 characters each, 6,000,000 in total, 4,000 preferred least. */
  public static final ReportLimits DEFAULT = new ReportLimits(8, 20_000, 20_000, 6_000_000, 4_000);

  public ReportLimits {
    if (samplesPerProblem < 0 || responseChars < 1 || problemChars < 1 || minResponseChars < 1) {
      throw new IllegalArgumentException("report limits must be positive");
    }
  }
}
