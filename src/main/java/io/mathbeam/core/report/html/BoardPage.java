package io.mathbeam.core.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code mathbeam board}'s page: one self-contained HTML file (no network, no CDN) with a models x
 * benchmarks table of pass@1 and its 95% interval (with maj@K, pass@k at the benchmark's common k,
 * tokens and cost), sortable by any column; a mark on each result significantly below another
 * model's on the same problems; each cell linked to its run's report; and per benchmark a chart of
 * the nightly trend. Every text from a run goes through {@link Html#escape}.
 */
public final class BoardPage {
  private static final String CSS =
      """
      table.board { border-collapse: collapse; margin: 12px 0; font-size: 14px; }
      table.board th, table.board td { border: 1px solid #d0d0d8; padding: 6px 8px;
        vertical-align: top; text-align: right; }
      table.board th { background: #f0f0f4; cursor: pointer; white-space: nowrap; }
      table.board th[aria-sort] { background: #e0e4f0; }
      table.board td.model, table.board th.model { text-align: left; font-weight: 600;
        white-space: nowrap; }
      table.board td .value { font-size: 15px; }
      table.board td .ci { color: #555; display: block; font-size: 12px; }
      table.board td .more { color: #666; display: block; font-size: 11px; }
      table.board td.best .value { font-weight: 700; }
      table.board .mark { color: #b00020; font-weight: 700; margin-left: 4px; cursor: help; }
      table.board .caveat { color: #8a6d00; margin-left: 4px; cursor: help; }
      table.board td.missing { color: #aaa; text-align: center; }
      """;

  private static final String SCRIPT =
      """
      (function () {
        'use strict';
        var table = document.getElementById('board');
        var body = table.tBodies[0];
        var headers = table.tHead.rows[0].cells;
        Array.prototype.forEach.call(headers, function (th, col) {
          th.addEventListener('click', function () {
            var descending = th.getAttribute('aria-sort') !== 'descending';
            Array.prototype.forEach.call(headers, function (h) { h.removeAttribute('aria-sort'); });
            th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
            var rows = Array.prototype.slice.call(body.rows);
            var key = function (row) {
              var v = row.cells[col].getAttribute('data-value');
              return v === null || v === '' ? null : v;
            };
            rows.sort(function (a, b) {
              var x = key(a), y = key(b);
              if (x === null) { return y === null ? 0 : 1; }
              if (y === null) { return -1; }
              var nx = Number(x), ny = Number(y);
              var order = isNaN(nx) || isNaN(ny) ? String(x).localeCompare(String(y)) : nx - ny;
              return descending ? -order : order;
            });
            rows.forEach(function (row) { body.appendChild(row); });
          });
        });
        document.body.setAttribute('data-report-ready', 'true');
      })();
      """;

  private BoardPage() {}

  public static void write(Board board, Path file) throws IOException {
    Files.writeString(file, render(board), StandardCharsets.UTF_8);
  }

  public static String render(Board board) {
    List<String> charts = new ArrayList<>();
    for (String benchmark : board.benchmarks()) {
      List<HistoryRow> rows = board.trends().getOrDefault(benchmark, List.of());
      if (!rows.isEmpty()) {
        charts.add(
            new TrendChart("pass@1 of " + benchmark + " over the nightly runs", rows)
                .render("trend-" + charts.size()));
      }
    }
    StringBuilder out = new StringBuilder(16_384);
    out.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<meta name=\"mathbeam-report-svg-count\" content=\"")
        .append(charts.size())
        .append("\">\n<title>")
        .append(Html.escape(board.title()))
        .append("</title>\n<style>\n")
        .append(PageAssets.CSS)
        .append(CSS)
        .append("</style></head>\n<body>\n<h1>")
        .append(Html.escape(board.title()))
        .append("</h1>\n");
    out.append(
        "<p class=\"note\">pass@1 with its 95% interval for each run's problems; click a column"
            + " to sort. \u25bc marks a result significantly below another model's on the same"
            + " problems (paired sign-flip test, p &lt; 0.05, as <code>mathbeam compare</code>"
            + " tests it); the best of each column is bold. Each value links to its run's"
            + " report.</p>\n");
    table(board, out);
    if (!charts.isEmpty()) {
      out.append("<h2>Nightly trend</h2>\n");
      charts.forEach(c -> out.append(c).append('\n'));
    }
    out.append("<p class=\"note\">Built from: ");
    List<String> sources = new ArrayList<>();
    board.sources().forEach(s -> sources.add("<code>" + Html.escape(s) + "</code>"));
    out.append(String.join(", ", sources)).append("</p>\n<script>\n").append(SCRIPT);
    out.append("</script>\n</body></html>\n");
    return out.toString();
  }

  private static void table(Board board, StringBuilder out) {
    out.append("<table class=\"board\" id=\"board\">\n<thead><tr><th class=\"model\">Model</th>");
    for (String benchmark : board.benchmarks()) {
      out.append("<th title=\"sort by ")
          .append(Html.escape(benchmark))
          .append("\">")
          .append(Html.escape(benchmark))
          .append("</th>");
    }
    out.append("<th>Tokens</th><th>Cost</th></tr></thead>\n<tbody>\n");
    for (String model : board.models()) {
      Map<String, BoardCell> row = board.cells().getOrDefault(model, Map.of());
      out.append("<tr><td class=\"model\" data-value=\"")
          .append(Html.escape(model))
          .append("\">")
          .append(Html.escape(model))
          .append("</td>");
      long tokens = 0;
      double cost = 0;
      boolean priced = false;
      for (String benchmark : board.benchmarks()) {
        BoardCell cell = row.get(benchmark);
        if (cell == null) {
          out.append("<td class=\"missing\" data-value=\"\">\u2013</td>");
          continue;
        }
        tokens += cell.completionTokens();
        if (cell.cost() != null) {
          cost += cell.cost();
          priced = true;
        }
        cell(cell, board.commonK().getOrDefault(benchmark, 1), out);
      }
      out.append("<td data-value=\"")
          .append(tokens)
          .append("\">")
          .append(tokens(tokens))
          .append("</td><td data-value=\"")
          .append(priced ? String.format(Locale.ROOT, "%.6f", cost) : "")
          .append("\">")
          .append(priced ? String.format(Locale.ROOT, "$%.2f", cost) : "\u2013")
          .append("</td></tr>\n");
    }
    out.append("</tbody></table>\n");
  }

  private static void cell(BoardCell cell, int commonK, StringBuilder out) {
    Estimate p = cell.passAt1();
    out.append("<td")
        .append(cell.below().isEmpty() ? " class=\"best\"" : "")
        .append(" data-value=\"")
        .append(Double.isNaN(p.value()) ? "" : String.format(Locale.ROOT, "%.6f", p.value()))
        .append("\"><span class=\"value\">");
    String value = Formats.percent(p.value());
    if (cell.report() != null) {
      out.append("<a href=\"").append(Html.escape(cell.report())).append("\">").append(value);
      out.append("</a>");
    } else {
      out.append(value);
    }
    out.append("</span>");
    if (!cell.below().isEmpty()) {
      out.append("<span class=\"mark\" title=\"significantly below ")
          .append(Html.escape(String.join("; ", cell.below())))
          .append("\">\u25bc</span>");
    }
    if (cell.note() != null) {
      out.append("<span class=\"caveat\" title=\"")
          .append(Html.escape(cell.note()))
          .append("\">\u2020</span>");
    }
    if (p.hasInterval()) {
      out.append("<span class=\"ci\">[")
          .append(Formats.percent(p.lower()))
          .append(", ")
          .append(Formats.percent(p.upper()))
          .append("]</span>");
    }
    List<String> more = new ArrayList<>();
    if (cell.majority() != null) {
      more.add("maj@" + cell.samplesPerProblem() + " " + Formats.percent(cell.majority()));
    }
    if (cell.passAtCommonK() != null && commonK > 1) {
      more.add("pass@" + commonK + " " + Formats.percent(cell.passAtCommonK().value()));
    }
    more.add(cell.problems() + " x " + cell.samplesPerProblem());
    if (!cell.above().isEmpty()) {
      more.add("above " + cell.above().size());
    }
    out.append("<span class=\"more\"")
        .append(
            cell.above().isEmpty()
                ? ""
                : " title=\"significantly above "
                    + Html.escape(String.join("; ", cell.above()))
                    + "\"")
        .append(">")
        .append(Html.escape(String.join(" \u00b7 ", more)))
        .append("</span></td>");
  }

  /** 1.2M, 340k, 512. */
  private static String tokens(long n) {
    if (n >= 1_000_000) {
      return String.format(Locale.ROOT, "%.1fM", n / 1e6);
    }
    if (n >= 1_000) {
      return String.format(Locale.ROOT, "%.0fk", n / 1e3);
    }
    return Long.toString(n);
  }
}
