package io.mathbeam.core.report.html;

import io.mathbeam.core.regrade.DatasetChanges;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.StatusMove;
import java.util.Locale;

/**
 * "Changed by regrade": in a run made by {@code regrade}, how many samples the new grader version
 * graded differently from the stored grades, by status change and by dataset.
 */
final class RegradeSection {
  static final String ID = "regrade";

  private RegradeSection() {}

  static void render(StringBuilder out, RegradeSummary s) {
    if (s == null) {
      return;
    }
    out.append("<section id=\"" + ID + "\">\n<h2>Changed by regrade</h2>\n<p>")
        .append(Formats.number(s.changed()))
        .append(" of ")
        .append(Formats.number(s.samples()))
        .append(" samples changed status between the stored grades (")
        .append(Html.escape(s.oldGraderVersion()))
        .append(") and this run's (")
        .append(Html.escape(s.newGraderVersion()))
        .append("); ")
        .append(Formats.number(s.answerOnly()))
        .append(" more changed extracted answer only.</p>\n");
    out.append("<table class=\"numbers\">\n<thead><tr><th>dataset</th><th>changed</th>")
        .append("<th>samples</th><th>answer only</th><th>correct before</th>")
        .append("<th>correct now</th><th>pass@1 change</th></tr></thead>\n<tbody>\n");
    for (DatasetChanges d : s.datasets()) {
      out.append("<tr><td>")
          .append(Html.escape(d.dataset()))
          .append("</td><td>")
          .append(Formats.number(d.changed()))
          .append("</td><td>")
          .append(Formats.number(d.samples()))
          .append("</td><td>")
          .append(Formats.number(d.answerOnly()))
          .append("</td><td>")
          .append(Formats.number(d.oldCorrect()))
          .append("</td><td>")
          .append(Formats.number(d.newCorrect()))
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%+.1f pts", 100 * d.passAt1Change()))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
    if (!s.moves().isEmpty()) {
      out.append("<table class=\"numbers\">\n<thead><tr><th>stored status</th>")
          .append("<th>new status</th><th>samples</th></tr></thead>\n<tbody>\n");
      for (StatusMove m : s.moves()) {
        out.append("<tr><td>")
            .append(Html.escape(m.oldStatus()))
            .append("</td><td>")
            .append(Html.escape(m.newStatus()))
            .append("</td><td>")
            .append(Formats.number(m.samples()))
            .append("</td></tr>\n");
      }
      out.append("</tbody>\n</table>\n");
    }
    out.append("<p class=\"meta\">Every changed sample, with the end of its response, is in ")
        .append(RegradeSummary.CHANGES_FILE);
    if (s.leftOut() > 0) {
      out.append(" (the first ")
          .append(Formats.number(s.listed()))
          .append("; ")
          .append(Formats.number(s.leftOut()))
          .append(" more are counted but not listed)");
    }
    out.append("; the counts are in ").append(RegradeSummary.SUMMARY_FILE).append(".</p>\n");
    out.append("</section>\n");
  }
}
