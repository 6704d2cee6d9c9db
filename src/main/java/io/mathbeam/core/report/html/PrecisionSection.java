package io.mathbeam.core.report.html;

import java.util.Locale;

/**
 * A dataset's precision on the page: the interval of pass@1 for its problems and the K that +-1 and
 * +-2 points need, the rounds of {@code --precision}, the judge's agreement.
 */
final class PrecisionSection {
  private PrecisionSection() {}

  static void render(StringBuilder out, DatasetPrecision p) {
    out.append("<h3>Precision</h3>\n");
    if (Double.isFinite(p.halfWidth())) {
      out.append("<p class=\"meta\">95% interval of pass@1 for these problems: \u00b1")
          .append(points(p.halfWidth()))
          .append(" points (the samples' noise); ")
          .append(k(p.samplesForOnePoint()))
          .append(" samples per problem would give \u00b11 point, ")
          .append(k(p.samplesForTwoPoints()))
          .append(" \u00b12 points. Which problems the benchmark holds adds \u00b1")
          .append(points(p.problemSamplingHalfWidth()))
          .append(" points that no K shrinks.</p>\n");
    }
    if (p.rounds() != null) {
      rounds(out, p.rounds());
    }
    if (p.agreement() != null) {
      agreement(out, p.agreement());
    }
  }

  private static void rounds(StringBuilder out, DatasetPrecision.Rounds r) {
    out.append("<p class=\"meta\">Sampled to a precision of \u00b1")
        .append(points(r.target()))
        .append(" points: ")
        .append(r.reached() ? "reached" : "stopped at the most samples per problem, short of it")
        .append("; ")
        .append(Formats.number(r.tokens()))
        .append(" completion tokens against ")
        .append(Formats.number(r.tokensAtCeiling()))
        .append(" for the most samples of every problem.</p>\n");
    if (r.phases() != null) {
      DatasetPrecision.Phases p = r.phases();
      out.append("<p class=\"meta\">Samples planned per problem (--allocation=adaptive): ")
          .append("a uniform first phase of ")
          .append(p.firstPhase())
          .append(", then ")
          .append(p.count() - 1)
          .append(p.count() == 2 ? " phase" : " phases")
          .append(" where they shrink the interval most per token; ")
          .append(p.fewest())
          .append(" to ")
          .append(p.most())
          .append(String.format(Locale.ROOT, " samples per problem, %.1f on average", p.mean()))
          .append(". Uniform rounds would have needed about ")
          .append(p.uniformProjected())
          .append(" per problem (")
          .append(Formats.number(p.uniformTokensProjected()))
          .append(" completion tokens, projected when the phases were planned). pass@1 is the")
          .append(" phases' weighted estimate; the other metrics read the first phase.</p>\n");
    }
    out.append("<table class=\"numbers\">\n<thead><tr><th>round</th>")
        .append("<th>samples per problem</th><th>half-width (points)</th></tr></thead>\n<tbody>\n");
    for (int i = 0; i < r.samplesPerProblem().size(); i++) {
      out.append("<tr><td>")
          .append(i + 1)
          .append("</td><td>")
          .append(r.samplesPerProblem().get(i))
          .append("</td><td>\u00b1")
          .append(points(r.halfWidths().get(i)))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  private static void agreement(StringBuilder out, DatasetPrecision.Agreement a) {
    long[] t = a.table();
    out.append("<h3>Judge and symbolic grader</h3>\n");
    out.append("<table class=\"numbers\">\n<thead><tr><th></th><th>judge: correct</th>")
        .append("<th>judge: incorrect</th></tr></thead>\n<tbody>\n")
        .append("<tr><td>symbolic: correct</td><td>")
        .append(Formats.number(t[0]))
        .append("</td><td>")
        .append(Formats.number(t[1]))
        .append("</td></tr>\n<tr><td>symbolic: incorrect</td><td>")
        .append(Formats.number(t[2]))
        .append("</td><td>")
        .append(Formats.number(t[3]))
        .append("</td></tr>\n</tbody>\n</table>\n");
    out.append("<p class=\"meta\">Cohen's kappa ");
    if (Double.isFinite(a.kappa())) {
      out.append(String.format(Locale.ROOT, "%.2f", a.kappa()));
      if (Double.isFinite(a.lower()) && Double.isFinite(a.upper())) {
        out.append(
            String.format(
                Locale.ROOT,
                " (95%% interval %.2f to %.2f, problems resampled)",
                a.lower(),
                a.upper()));
      }
    } else {
      out.append("undefined: one grader gave one verdict only (a cascade's judge sees only")
          .append(" the symbolic grader's rejections)");
    }
    out.append(".</p>\n");
  }

  private static String points(double fraction) {
    return String.format(Locale.ROOT, "%.2f", 100 * fraction);
  }

  private static String k(int k) {
    return k > 0 ? Formats.number(k) : "an unknown number of";
  }
}
