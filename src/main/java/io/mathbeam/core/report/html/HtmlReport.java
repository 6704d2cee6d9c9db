package io.mathbeam.core.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders {@code report.html}: one self-contained page (inline CSS, inline SVG charts, a little
 * script for the problem browser's filters) that reads fully without JavaScript and needs no
 * network. Every string from the inputs is escaped; output is deterministic for equal inputs.
 */
public final class HtmlReport {
  /** The {@code <meta>} naming how many {@code <svg>} charts the page holds. */
  public static final String SVG_COUNT_META = "mathbeam-report-svg-count";

  private static final ObjectMapper JSON = new ObjectMapper();

  private HtmlReport() {}

  /** The page with {@link ReportLimits#DEFAULT}. */
  public static String render(ReportData data) {
    return render(data, ReportLimits.DEFAULT);
  }

  /** The page, embedding response text within {@code limits}. */
  public static String render(ReportData data, ReportLimits limits) {
    ChartIds ids = new ChartIds();
    StringBuilder body = new StringBuilder(1 << 16);
    header(body, data);
    facts(body, data.runFacts());
    headline(body, data.datasets());
    RegradeSection.render(body, data.regradeChanges());
    for (int i = 0; i < data.datasets().size(); i++) {
      DatasetSection.render(body, data.datasets().get(i), "dataset-" + (i + 1), ids);
    }
    LatencySection.render(body, data.replicas(), ids);
    HistorySection.render(body, data.history(), ids);
    ProblemBrowser.render(body, data.problems(), limits);

    StringBuilder page = new StringBuilder(body.length() + PageAssets.CSS.length() + 4096);
    page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
        .append("<meta name=\"")
        .append(SVG_COUNT_META)
        .append("\" content=\"")
        .append(ids.count())
        .append("\"/>\n<title>")
        .append(Html.escape(data.title()))
        .append("</title>\n<style>\n")
        .append(PageAssets.CSS)
        .append("</style>\n</head>\n<body>\n")
        .append(body)
        .append("<script type=\"application/json\" id=\"report-data\">")
        .append(Html.jsonForScript(scriptData(data)))
        .append("</script>\n<script>\n")
        .append(PageAssets.SCRIPT)
        .append("</script>\n</body>\n</html>\n");
    return page.toString();
  }

  /** Writes the page as UTF-8, creating parent directories. */
  public static void write(ReportData data, Path file) throws IOException {
    write(data, file, ReportLimits.DEFAULT);
  }

  /** Writes the page as UTF-8 within {@code limits}, creating parent directories. */
  public static void write(ReportData data, Path file, ReportLimits limits) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, render(data, limits), StandardCharsets.UTF_8);
  }

  private static void header(StringBuilder out, ReportData data) {
    out.append("<header>\n<h1>").append(Html.escape(data.title())).append("</h1>\n");
    if (data.generatedAt() != null && !data.generatedAt().isEmpty()) {
      out.append("<p class=\"meta\">Generated ")
          .append(Html.escape(data.generatedAt()))
          .append("</p>\n");
    }
    if (data.simulatedModel()) {
      out.append("<div class=\"banner\" role=\"alert\">Simulated model: these results come from")
          .append(" mathbeam's built-in simulator, not from a real language model. Do not")
          .append(" quote them as model accuracy.</div>\n");
    }
    out.append("<nav><ul><li><a href=\"#run\">Run</a></li>");
    out.append("<li><a href=\"#headline\">Headline</a></li>");
    if (data.regradeChanges() != null) {
      out.append("<li><a href=\"#" + RegradeSection.ID + "\">Changed by regrade</a></li>");
    }
    for (int i = 0; i < data.datasets().size(); i++) {
      out.append("<li><a href=\"#dataset-")
          .append(i + 1)
          .append("\">")
          .append(Html.escape(data.datasets().get(i).name()))
          .append("</a></li>");
    }
    out.append("<li><a href=\"#latency\">Latency</a></li>");
    out.append("<li><a href=\"#problems\">Problems</a></li></ul></nav>\n</header>\n");
  }

  private static void facts(StringBuilder out, Map<String, String> facts) {
    out.append("<section id=\"run\">\n<h2>Run</h2>\n");
    if (facts.isEmpty()) {
      out.append("<p class=\"meta\">No run facts were recorded.</p>\n</section>\n");
      return;
    }
    out.append("<table class=\"facts\">\n<tbody>\n");
    for (Map.Entry<String, String> e : facts.entrySet()) {
      out.append("<tr><td>")
          .append(Html.escape(e.getKey()))
          .append("</td><td>")
          .append(Html.escape(e.getValue()))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n</section>\n");
  }

  private static void headline(StringBuilder out, List<DatasetReport> datasets) {
    out.append("<section id=\"headline\">\n<h2>Headline</h2>\n");
    if (datasets.isEmpty()) {
      out.append("<p class=\"meta\">No datasets.</p>\n</section>\n");
      return;
    }
    out.append("<table class=\"numbers\">\n<thead><tr><th>dataset</th><th>problems</th>")
        .append("<th>samples / problem</th><th>pass@1 [95% CI]</th><th>K</th>")
        .append("<th>pass@K [95% CI]</th><th>maj@K [95% CI]</th></tr></thead>\n<tbody>\n");
    for (DatasetReport d : datasets) {
      List<Estimate> pass = d.passAtK();
      List<Estimate> maj = d.majAtK();
      out.append("<tr><td>")
          .append(Html.escape(d.name()))
          .append("</td><td>")
          .append(Formats.number(d.problems()))
          .append("</td><td>")
          .append(Formats.number(d.samplesPerProblem()))
          .append("</td><td>")
          .append(pass.isEmpty() ? "\u2013" : Formats.estimate(pass.get(0)))
          .append("</td><td>")
          .append(pass.size())
          .append("</td><td>")
          .append(pass.isEmpty() ? "\u2013" : Formats.estimate(pass.get(pass.size() - 1)))
          .append("</td><td>")
          .append(maj.isEmpty() ? "\u2013" : Formats.estimate(maj.get(maj.size() - 1)))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n</section>\n");
  }

  private static String scriptData(ReportData data) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("datasets", ProblemBrowser.datasets(data.problems()));
    json.put("problems", data.problems().size());
    try {
      return JSON.writeValueAsString(json);
    } catch (JsonProcessingException e) {
      // A map of strings and numbers always serializes.
      throw new UncheckedIOException(e);
    }
  }
}
