package io.mathbeam.core.compare;

import java.util.List;
import java.util.Locale;

/**
 * The comparison as Markdown for a CI job summary: the verdict, a table per dataset (metric,
 * baseline, candidate, delta with its interval, p-values, verdict), the flipped problems, then
 * every gate result. Values are percentages, deltas percentage points.
 */
public final class MarkdownSummary {
  /** Problem ids listed per "only in one run" line before the rest is counted. */
  private static final int MAX_LISTED_IDS = 20;

  /** Flipped problems listed per direction; compare.json has them all. */
  private static final int MAX_LISTED_FLIPS = 25;

  private MarkdownSummary() {}

  public static String render(ComparisonReport report, Verdict verdict) {
    StringBuilder out = new StringBuilder();
    out.append("# mathbeam compare: ")
        .append(cell(report.candidateName()))
        .append(" vs baseline ")
        .append(cell(report.baselineName()))
        .append("\n\n");
    out.append(
        String.format(
            Locale.ROOT,
            "**Verdict: %s** (exit %d): %d rule result(s) passed, %d warned, %d failed, %d not"
                + " evaluable.%n%n",
            verdict.passed() ? "PASS" : verdict.exitCode() == 1 ? "REGRESSION" : "INCOMPLETE",
            verdict.exitCode(),
            verdict.withStatus(RuleStatus.PASS).size(),
            verdict.withStatus(RuleStatus.WARN).size(),
            verdict.withStatus(RuleStatus.FAIL).size(),
            verdict.withStatus(RuleStatus.NOT_EVALUABLE).size()));
    int level = (int) Math.round(report.options().confidence() * 100);
    for (DatasetComparison d : report.datasets()) {
      dataset(out, d, verdict, level, report.options().solvedThreshold());
    }
    power(out, verdict);
    out.append("## Gate\n\n| Dataset | Rule | Result | Details |\n|---|---|---|---|\n");
    for (RuleResult r : verdict.results()) {
      out.append("| ")
          .append(cell(r.dataset()))
          .append(" | ")
          .append(cell(r.rule().describe()))
          .append(" | ")
          .append(r.status())
          .append(" | ")
          .append(cell(r.reason()))
          .append(" |\n");
    }
    return out.toString();
  }

  private static void dataset(
      StringBuilder out, DatasetComparison d, Verdict verdict, int level, double threshold) {
    out.append("## ").append(cell(d.dataset())).append("\n\n");
    out.append(d.sharedProblems()).append(" shared problems");
    ids(out, "only in baseline", d.onlyInBaseline());
    ids(out, "only in candidate", d.onlyInCandidate());
    out.append(".\n\n");
    for (String note : d.skipped()) {
      out.append("- not computed: ").append(cell(note)).append('\n');
    }
    if (!d.skipped().isEmpty()) {
      out.append('\n');
    }
    if (d.status() != DatasetStatus.COMPARED) {
      return;
    }
    out.append("| Metric | Baseline | Candidate | Delta [")
        .append(level)
        .append("% CI] | p (two-sided) | p (drop) | Verdict |\n")
        .append("|---|---|---|---|---|---|---|\n");
    for (MetricComparison m : d.metrics()) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %.1f%% | %.1f%% | %+.1f pts [%+.1f, %+.1f] | %s | %s | %s |%n",
              m.metric(),
              100 * m.baseline(),
              100 * m.candidate(),
              100 * m.delta(),
              100 * m.ciLower(),
              100 * m.ciUpper(),
              pValue(m.pTwoSided()),
              pValue(m.pDrop()),
              metricVerdict(verdict, d.dataset(), m)));
    }
    List<FlippedProblem> lost = d.flipped(FlipDirection.LOST);
    List<FlippedProblem> gained = d.flipped(FlipDirection.GAINED);
    out.append(
        String.format(
            Locale.ROOT,
            "%nFlipped problems (solved = pass@1 >= %.2f): %d lost, %d gained.%n",
            threshold,
            lost.size(),
            gained.size()));
    if (!d.flipped().isEmpty()) {
      out.append(
          "\n| Problem | Change | Baseline pass@1 | Candidate pass@1 |\n|---|---|---|---|\n");
      flips(out, lost, "solved -> unsolved");
      flips(out, gained, "unsolved -> solved");
    }
    out.append('\n');
  }

  /** One line per drop test: what it would catch, and the samples a named drop needs. */
  private static void power(StringBuilder out, Verdict verdict) {
    List<RuleResult> tested = verdict.results().stream().filter(r -> r.power() != null).toList();
    if (tested.isEmpty()) {
      return;
    }
    out.append("## Power\n\n");
    for (RuleResult r : tested) {
      out.append("- power ")
          .append(cell(r.dataset()))
          .append(' ')
          .append(cell(r.power().describe()))
          .append('\n');
    }
    out.append('\n');
  }

  private static void flips(StringBuilder out, List<FlippedProblem> flips, String change) {
    for (FlippedProblem f : flips.subList(0, Math.min(flips.size(), MAX_LISTED_FLIPS))) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %.1f%% | %.1f%% |%n",
              cell(f.problemId()),
              change,
              100 * f.baselineRate(),
              100 * f.candidateRate()));
    }
    if (flips.size() > MAX_LISTED_FLIPS) {
      out.append("| ... | ")
          .append(flips.size() - MAX_LISTED_FLIPS)
          .append(" more ")
          .append(change)
          .append(" (see compare.json) | | |\n");
    }
  }

  private static String metricVerdict(Verdict verdict, String dataset, MetricComparison m) {
    List<RuleResult> rules =
        verdict.results().stream()
            .filter(r -> r.dataset().equals(dataset) && r.rule().metric().equals(m.metric()))
            .toList();
    if (rules.isEmpty()) {
      return "–";
    }
    if (rules.stream().allMatch(r -> r.status() == RuleStatus.PASS)) {
      return "pass";
    }
    boolean bad =
        rules.stream()
            .anyMatch(r -> r.status() == RuleStatus.FAIL || r.status() == RuleStatus.NOT_EVALUABLE);
    return bad ? "**FAIL**" : "warn";
  }

  private static void ids(StringBuilder out, String label, List<String> ids) {
    if (ids.isEmpty()) {
      return;
    }
    out.append("; ").append(ids.size()).append(' ').append(label).append(": ");
    List<String> shown = ids.subList(0, Math.min(ids.size(), MAX_LISTED_IDS));
    out.append(cell(String.join(", ", shown)));
    if (ids.size() > shown.size()) {
      out.append(", ... (").append(ids.size() - shown.size()).append(" more)");
    }
  }

  private static String pValue(double p) {
    return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
  }

  /** Text safe inside a table cell: no pipes, no line breaks, no HTML tags. */
  private static String cell(String text) {
    return text.replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("<", "&lt;")
        .replace("\r", " ")
        .replace("\n", " ");
  }
}
