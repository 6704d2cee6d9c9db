package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How many responses per problem the browser embeds and the character cap of each, chosen so the
 * embedded text stays within {@link ReportLimits#totalResponseChars()}: first the cap is lowered
 * (water-filling: short responses stay whole, long ones share the rest); when it would fall below
 * {@link ReportLimits#minResponseChars()}, fewer responses per problem are embedded instead, down
 * to two, where the cap may go as low as {@link #HARD_MIN_CHARS}.
 */
record ResponsePlan(int perProblem, int cap) {
  static final int HARD_MIN_CHARS = 500;

  static ResponsePlan of(List<ProblemView> problems, ReportLimits limits) {
    int most = limits.samplesPerProblem();
    int least = Math.min(2, most);
    for (int n = most; n >= least; n--) {
      int cap =
          waterFill(lengths(problems, n), limits.totalResponseChars(), limits.responseChars());
      if (cap >= limits.minResponseChars()) {
        return new ResponsePlan(n, cap);
      }
      if (n == least) {
        return new ResponsePlan(n, Math.max(HARD_MIN_CHARS, cap));
      }
    }
    return new ResponsePlan(0, limits.responseChars());
  }

  /**
   * The {@code n} samples of a problem to embed, in their original order: the first sample of each
   * outcome (correct, wrong answer, no answer) present, then the earliest others.
   */
  static List<SampleView> chosen(ProblemView p, int n) {
    List<SampleView> all = p.samples();
    if (all.size() <= n) {
      return all;
    }
    Set<Integer> picked = new LinkedHashSet<>();
    Set<String> outcomes = new LinkedHashSet<>();
    for (int i = 0; i < all.size() && picked.size() < n; i++) {
      if (outcomes.add(ProblemBrowser.outcomeClass(all.get(i)))) {
        picked.add(i);
      }
    }
    for (int i = 0; i < all.size() && picked.size() < n; i++) {
      picked.add(i);
    }
    int[] order = picked.stream().mapToInt(Integer::intValue).sorted().toArray();
    List<SampleView> out = new ArrayList<>(order.length);
    for (int i : order) {
      out.add(all.get(i));
    }
    return out;
  }

  private static int[] lengths(List<ProblemView> problems, int n) {
    List<Integer> lengths = new ArrayList<>();
    for (ProblemView p : problems) {
      for (SampleView s : chosen(p, n)) {
        lengths.add(s.response() == null ? 0 : s.response().length());
      }
    }
    return lengths.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The largest cap c <= max with sum(min(length, c)) <= budget. */
  static int waterFill(int[] lengths, long budget, int max) {
    int[] sorted = lengths.clone();
    Arrays.sort(sorted);
    long used = 0;
    for (int i = 0; i < sorted.length; i++) {
      long c = (budget - used) / (sorted.length - i);
      if (c <= sorted[i]) {
        return (int) Math.max(0, Math.min(c, max));
      }
      used += sorted[i];
    }
    return max;
  }
}
