package io.mathbeam.core.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The gate's rules applied to a comparison, and the process exit code for {@code mathbeam compare}:
 *
 * <ul>
 *   <li>{@value #EXIT_PASS}: every rule passed (warnings included);
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

  /** {@link #evaluate(Gate, ComparisonReport, double)} without a drop to detect. */
  public static Verdict evaluate(Gate gate, ComparisonReport report) {
    return evaluate(gate, report, Double.NaN);
  }

  /**
   * Applies every rule, in gate order; a {@code "*"} rule gives one result per dataset of the
   * baseline run, in dataset order. Threshold rules decide alone; the drop rules together ({@link
   * DropTests}: Holm's step-down over the family, at the gate's alpha).
   *
   * @param detect a drop (a fraction, 0.02 for 2 points) whose needed samples each drop result's
   *     power states; NaN for none
   */
  public static Verdict evaluate(Gate gate, ComparisonReport report, double detect) {
    List<RuleResult> out = new ArrayList<>();
    List<DropTests.Case> drops = new ArrayList<>();
    for (GateRule rule : gate.rules()) {
      if (rule.dataset().equals(GateRule.ANY_DATASET)) {
        List<DatasetComparison> targets =
            report.datasets().stream().filter(DatasetComparison::inBaseline).toList();
        if (targets.isEmpty()) {
          out.add(
              RuleResult.notEvaluable(rule, GateRule.ANY_DATASET, "the baseline has no datasets"));
        }
        for (DatasetComparison d : targets) {
          apply(rule, d, out, drops);
        }
      } else {
        Optional<DatasetComparison> d = report.dataset(rule.dataset());
        if (d.isPresent()) {
          apply(rule, d.get(), out, drops);
        } else {
          out.add(RuleResult.notEvaluable(rule, rule.dataset(), "dataset is in neither run"));
        }
      }
    }
    DropTests.decide(drops, gate.familyAlpha(), report.options(), detect, out);
    return new Verdict(out);
  }

  private static void apply(
      GateRule rule, DatasetComparison d, List<RuleResult> out, List<DropTests.Case> drops) {
    if (d.status() == DatasetStatus.TOO_FEW_SHARED) {
      out.add(
          RuleResult.notEvaluable(
              rule,
              d.dataset(),
              d.sharedProblems()
                  + " shared problem(s), need 2 ("
                  + d.onlyInBaseline().size()
                  + " only in baseline, "
                  + d.onlyInCandidate().size()
                  + " only in candidate)"));
      return;
    }
    Optional<MetricComparison> m = d.metric(rule.metric());
    if (m.isEmpty()) {
      String why =
          d.skipped().stream()
              .filter(s -> s.startsWith(rule.metric() + ":"))
              .findFirst()
              .orElse(rule.metric() + " was not requested (add its k to the comparison)");
      out.add(RuleResult.notEvaluable(rule, d.dataset(), why));
      return;
    }
    if (rule instanceof ThresholdRule threshold) {
      out.add(threshold.evaluate(d.dataset(), m.get()));
    } else if (rule instanceof NoSignificantDropRule drop) {
      drops.add(new DropTests.Case(out.size(), drop, d.dataset(), m.get()));
      out.add(null); // decided with the rest of its family
    }
  }

  /** True when no rule failed or could not be evaluated (warnings pass). */
  public boolean passed() {
    return results.stream()
        .allMatch(r -> r.status() == RuleStatus.PASS || r.status() == RuleStatus.WARN);
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
