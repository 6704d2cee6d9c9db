package io.mathbeam.core.report;

import io.mathbeam.core.regrade.DatasetChanges;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.StatusMove;
import java.util.Locale;

/**
 * What {@code regrade} prints about the grades it changed: both grader versions, the number of
 * samples whose status changed (and, apart, those whose extracted answer changed with the same
 * status), a table by (old status, new status) and one by dataset with the net change of the
 * correct count and of pass@1.
 */
public final class RegradeChangesTable {
  private RegradeChangesTable() {}

  /**
   * @param runDir the new run directory, where the two files are
   */
  public static String format(RegradeSummary s, String runDir) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "Changed by regrade (stored grades %s -> new grades %s):%n",
            s.oldGraderVersion(),
            s.newGraderVersion()));
    out.append(
        String.format(
            Locale.ROOT,
            "  %,d of %,d samples changed status; %,d kept their status with another extracted"
                + " answer%n",
            s.changed(),
            s.samples(),
            s.answerOnly()));
    if (!s.moves().isEmpty()) {
      out.append(
          String.format(
              Locale.ROOT, "%n  %-16s %-16s %9s%n", "Old status", "New status", "Samples"));
      for (StatusMove m : s.moves()) {
        out.append(
            String.format(
                Locale.ROOT, "  %-16s %-16s %,9d%n", m.oldStatus(), m.newStatus(), m.samples()));
      }
    }
    out.append(
        String.format(
            Locale.ROOT,
            "%n  %-16s  %17s  %11s  %18s  %13s%n",
            "Dataset",
            "Changed / samples",
            "Answer only",
            "Correct old -> new",
            "Pass@1 change"));
    for (DatasetChanges d : s.datasets()) {
      row(out, d.dataset().toUpperCase(Locale.ROOT), d);
    }
    if (s.datasets().size() > 1) {
      DatasetChanges total = s.datasets().get(0);
      for (DatasetChanges d : s.datasets().subList(1, s.datasets().size())) {
        total = total.plus(d);
      }
      row(out, "ALL", total);
    }
    if (s.oldFromJudge() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "  Note: %,d stored grades came from the judge model (--rewardFrom); regrade asks no"
                  + " judge, so their changes are not the grader's%n",
              s.oldFromJudge()));
    }
    String listed =
        s.leftOut() == 0
            ? (s.listed() == 0
                ? "empty: no sample changed status"
                : String.format(Locale.ROOT, "%,d line%s", s.listed(), s.listed() == 1 ? "" : "s"))
            : String.format(
                Locale.ROOT,
                "the first %,d by dataset, problem and sample; %,d more changed samples are counted"
                    + " but not listed",
                s.listed(),
                s.leftOut());
    out.append(
        String.format(
            Locale.ROOT,
            "%n  Changed samples: %s/%s (%s)%n  Counts:          %s/%s%n",
            runDir,
            RegradeSummary.CHANGES_FILE,
            listed,
            runDir,
            RegradeSummary.SUMMARY_FILE));
    return out.toString();
  }

  private static void row(StringBuilder out, String name, DatasetChanges d) {
    out.append(
        String.format(
            Locale.ROOT,
            "  %-16s  %,7d / %,7d  %,11d  %,7d -> %,7d  %+9.1f pts%n",
            name.length() <= 16 ? name : name.substring(0, 15) + "~",
            d.changed(),
            d.samples(),
            d.answerOnly(),
            d.oldCorrect(),
            d.newCorrect(),
            100 * d.passAt1Change()));
  }
}
