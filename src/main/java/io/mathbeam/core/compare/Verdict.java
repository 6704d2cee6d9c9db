package io.mathbeam.core.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The gate's rules applied to a comparison, and the process exit code for {@code mathbeam compare}:
 *
 * <ul>
 *   <li>{@value #EXIT_PASS}: every rule passed;
 *   <li>{@value #EXIT_REGRESSION}: some rule failed (the candidate regressed) and every rule could
 *       be evaluated;
 *   <li>{@value #EXIT_INPUT_ERROR}: some rule could not be evaluated (a dataset missing or with
 *       fewer than two shared problems, a metric not computed). It wins over {@value
 *       #EXIT_REGRESSION}: a gate that cannot be fully checked is a broken job. The CLI also exits
 *       with it on bad arguments, unreadable runs and malformed gate files.
 * </ul>
 */
public record Verdict(List<RuleResult> results) {
  public static final int EXIT_PASS = 0;
  public static final int EXIT_REGRESSION = 1;
  public static final int EXIT_INPUT_ERROR = 2;

  public Verdict {
    results = List.copyOf(results);
  }

  /**
   * Applies every rule, in gate order; a {@code "*"} rule gives one result per dataset of the
   * baseline run, in dataset order.
   */
  public static Verdict evaluate(Gate gate, ComparisonReport report) {
    List<RuleResult> out = new ArrayList<>();
    for (GateRule rule : gate.rules()) {
      if (rule.dataset().equals(GateRule.ANY_DATASET)) {
        List<DatasetComparison> targets =
            report.datasets().stream().filter(DatasetComparison::inBaseline).toList();
        if (targets.isEmpty()) {
          out.add(
              RuleResult.notEvaluable(rule, GateRule.ANY_DATASET, "the baseline has no datasets"));
        }
        for (DatasetComparison d : targets) {
          out.add(apply(rule, d));
        }
      } else {
        Optional<DatasetComparison> d = report.dataset(rule.dataset());
        out.add(
            d.isPresent()
                ? apply(rule, d.get())
                : RuleResult.notEvaluable(rule, rule.dataset(), "dataset is in neither run"));
      }
    }
    return new Verdict(out);
  }

  private static RuleResult apply(GateRule rule, DatasetComparison d) {
    if (d.status() == DatasetStatus.TOO_FEW_SHARED) {
      return RuleResult.notEvaluable(
          rule,
          d.dataset(),
          d.sharedProblems()
              + " shared problem(s), need 2 ("
              + d.onlyInBaseline().size()
              + " only in baseline, "
              + d.onlyInCandidate().size()
              + " only in candidate)");
    }
    Optional<MetricComparison> m = d.metric(rule.metric());
    if (m.isEmpty()) {
      String why =
          d.skipped().stream()
              .filter(s -> s.startsWith(rule.metric() + ":"))
              .findFirst()
              .orElse(rule.metric() + " was not requested (add its k to the comparison)");
      return RuleResult.notEvaluable(rule, d.dataset(), why);
    }
    return rule.evaluate(d.dataset(), m.get());
  }

  /** True when every rule passed. */
  public boolean passed() {
    return results.stream().allMatch(r -> r.status() == RuleStatus.PASS);
  }

  public List<RuleResult> withStatus(RuleStatus status) {
    return results.stream().filter(r -> r.status() == status).toList();
  }

  /** {@value #EXIT_PASS}, {@value #EXIT_REGRESSION} or {@value #EXIT_INPUT_ERROR}, see above. */
  public int exitCode() {
    if (!withStatus(RuleStatus.NOT_EVALUABLE).isEmpty()) {
      return EXIT_INPUT_ERROR;
    }
    return withStatus(RuleStatus.FAIL).isEmpty() ? EXIT_PASS : EXIT_REGRESSION;
  }
}
