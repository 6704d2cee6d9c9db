package io.mathbeam.core.report.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** One dataset's part of the page: k-curves, solve rates, response lengths, no-answer causes. */
final class DatasetSection {
  /** Up to this K the solve-rate histogram has one bar per possible rate c/K. */
  static final int MAX_K_FOR_EXACT_RATES = 16;

  private DatasetSection() {}

  static void render(StringBuilder out, DatasetReport d, String anchor, ChartIds ids) {
    out.append("<section class=\"dataset\" id=\"").append(anchor).append("\">\n");
    out.append("<h2>Dataset: ").append(Html.escape(d.name())).append("</h2>\n");
    out.append("<p class=\"meta\">")
        .append(Formats.number(d.problems()))
        .append(" problems \u00d7 ")
        .append(Formats.number(d.samplesPerProblem()))
        .append(" samples per problem.</p>\n");
    out.append("<div class=\"charts\">\n");
    kCurves(out, d, ids);
    solveRates(out, d, ids);
    lengths(out, d, ids);
    out.append("</div>\n");
    noAnswer(out, d, ids);
    if (d.precision() != null) {
      PrecisionSection.render(out, d.precision());
    }
    out.append("</section>\n");
  }

  private static void kCurves(StringBuilder out, DatasetReport d, ChartIds ids) {
    List<LineChart.Series> series = new ArrayList<>();
    series.add(new LineChart.Series("pass", Palette.BLUE, d.passAtK()));
    series.add(new LineChart.Series("maj", Palette.ORANGE, d.majAtK()));
    LineChart chart = new LineChart(d.name() + ": pass@k and maj@k against k", series);
    figure(
        out,
        chart.render(ids.next()),
        "pass@k (blue circles, solid) and maj@k (orange squares, dashed) for k = 1.."
            + Math.max(d.passAtK().size(), d.majAtK().size())
            + "; shaded: 95% confidence interval.");
  }

  private static void solveRates(StringBuilder out, DatasetReport d, ChartIds ids) {
    double[] rates = d.solveRates();
    int k = d.samplesPerProblem();
    boolean exact = k >= 1 && k <= MAX_K_FOR_EXACT_RATES;
    for (double r : rates) {
      if (!(Math.abs(r * k - Math.rint(r * k)) < 1e-9)) {
        exact = false;
      }
    }
    double[] edges;
    Axis x;
    String[] names = null;
    if (exact) {
      edges = new double[k + 2];
      names = new String[k + 1];
      for (int c = 0; c <= k + 1; c++) {
        edges[c] = (c - 0.5) / k;
      }
      List<Double> ticks = new ArrayList<>();
      for (int c = 0; c <= k; c++) {
        names[c] = c + "/" + k + " correct";
        if (k <= 8 || c % (k / 4 == 0 ? 1 : k / 4) == 0) {
          ticks.add((double) c / k);
        }
      }
      x = Axis.fixed(edges[0], edges[k + 1], ticks);
    } else {
      edges = new double[11];
      List<Double> ticks = new ArrayList<>();
      for (int i = 0; i <= 10; i++) {
        edges[i] = i / 10.0;
        if (i % 2 == 0) {
          ticks.add(edges[i]);
        }
      }
      x = Axis.fixed(0, 1, ticks);
    }
    long never = 0;
    long always = 0;
    double sum = 0;
    for (double r : rates) {
      never += r == 0 ? 1 : 0;
      always += r == 1 ? 1 : 0;
      sum += r;
    }
    String summary =
        rates.length == 0
            ? "No problems."
            : Formats.number(never)
                + " never solved, "
                + Formats.number(always)
                + " always solved, mean solve rate "
                + Formats.percent(sum / rates.length)
                + " over "
                + Formats.number(rates.length)
                + " problems.";
    Histogram chart =
        new Histogram(
            d.name() + ": per-problem solve rate",
            "How many problems each fraction of samples solved. " + summary,
            edges,
            x,
            "solve rate (correct samples / samples)",
            v -> Formats.percent(v).replace(".0%", "%"),
            List.of(new Histogram.Panel("problems", Palette.BLUE, Histogram.count(edges, rates))),
            220);
    if (names != null) {
      chart.withBinNames(names);
    }
    figure(
        out,
        chart.render(ids.next()),
        (exact ? "One bar per solve rate c/" + k + ". " : "Ten bins of 10 points each. ")
            + summary);
  }

  private static void lengths(StringBuilder out, DatasetReport d, ChartIds ids) {
    int max = 0;
    for (int[] a : List.of(d.correctLengths(), d.incorrectLengths(), d.truncatedLengths())) {
      for (int v : a) {
        max = Math.max(max, v);
      }
    }
    List<Double> edgeList = Axis.linear(0, Math.max(1, max), 21, true).ticks();
    double[] edges = edgeList.stream().mapToDouble(Double::doubleValue).toArray();
    double end = edges[edges.length - 1];
    List<Double> ticks = new ArrayList<>();
    for (double t : Axis.linear(0, end, 7, true).ticks()) {
      if (t <= end) {
        ticks.add(t);
      }
    }
    Axis x = Axis.fixed(0, end, ticks);
    List<Histogram.Panel> panels =
        List.of(
            lengthPanel("correct", Palette.GREEN, d.correctLengths(), edges),
            lengthPanel("incorrect", Palette.VERMILLION, d.incorrectLengths(), edges),
            lengthPanel("truncated", Palette.PURPLE, d.truncatedLengths(), edges));
    StringBuilder desc = new StringBuilder("Completion tokens per sample: ");
    for (Histogram.Panel p : panels) {
      desc.append(p.label()).append("; ");
    }
    Histogram chart =
        new Histogram(
            d.name() + ": response length by outcome",
            desc.toString().trim(),
            edges,
            x,
            "completion tokens",
            v -> Formats.number(v),
            panels,
            90);
    figure(
        out,
        chart.render(ids.next()),
        "Completion tokens per sample, one panel per outcome (shared x axis, own count axis);"
            + " truncated samples hit the token limit and are not counted as incorrect here.");
  }

  private static Histogram.Panel lengthPanel(String name, String color, int[] v, double[] edges) {
    double[] values = Arrays.stream(v).asDoubleStream().toArray();
    String label = name + " (n=" + Formats.number(v.length);
    if (v.length > 0) {
      int[] sorted = v.clone();
      Arrays.sort(sorted);
      label += ", median " + Formats.number(sorted[(sorted.length - 1) / 2]);
    }
    return new Histogram.Panel(label + ")", color, Histogram.count(edges, values));
  }

  private static void noAnswer(StringBuilder out, DatasetReport d, ChartIds ids) {
    out.append("<h3>Samples without an answer</h3>\n");
    List<Map.Entry<String, Long>> causes = new ArrayList<>(d.noAnswerByCause().entrySet());
    causes.sort(
        Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
            .thenComparing(Map.Entry.comparingByKey()));
    if (causes.isEmpty()) {
      out.append("<p class=\"meta\">Every sample had an extracted answer.</p>\n");
      return;
    }
    long samples = (long) d.problems() * d.samplesPerProblem();
    long total = 0;
    out.append("<table class=\"numbers\">\n<thead><tr><th>cause</th><th>samples</th>");
    out.append("<th>share of all samples</th></tr></thead>\n<tbody>\n");
    List<String> names = new ArrayList<>();
    double[] counts = new double[causes.size()];
    for (int i = 0; i < causes.size(); i++) {
      Map.Entry<String, Long> e = causes.get(i);
      names.add(e.getKey());
      counts[i] = e.getValue();
      total += e.getValue();
      out.append("<tr><td>")
          .append(Html.escape(e.getKey()))
          .append("</td><td>")
          .append(Formats.number(e.getValue()))
          .append("</td><td>")
          .append(samples > 0 ? Formats.percent((double) e.getValue() / samples) : "n/a")
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
    BarChart chart =
        new BarChart(
            d.name() + ": samples without an answer, by cause",
            Formats.number(total) + " samples without an extracted answer.",
            names,
            List.of(new BarChart.Series("samples", Palette.VERMILLION, counts)),
            "samples",
            v -> Formats.number(v));
    figure(out, chart.render(ids.next()), "Samples without an extracted answer, by cause.");
  }

  static void figure(StringBuilder out, String svg, String caption) {
    out.append("<figure>\n")
        .append(svg)
        .append("<figcaption>")
        .append(Html.escape(caption))
        .append("</figcaption>\n</figure>\n");
  }
}
