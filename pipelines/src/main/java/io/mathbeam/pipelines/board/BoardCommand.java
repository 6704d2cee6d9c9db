package io.mathbeam.pipelines.board;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.compare.CompareOptions;
import io.mathbeam.core.compare.ComparisonReport;
import io.mathbeam.core.compare.DatasetComparison;
import io.mathbeam.core.compare.DatasetStatus;
import io.mathbeam.core.compare.MetricComparison;
import io.mathbeam.core.compare.PairedComparison;
import io.mathbeam.core.compare.RunProblems;
import io.mathbeam.core.report.html.Board;
import io.mathbeam.core.report.html.BoardCell;
import io.mathbeam.core.report.html.BoardPage;
import io.mathbeam.core.report.html.Estimate;
import io.mathbeam.core.report.html.HistoryRow;
import io.mathbeam.core.stats.MetricName;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.eval.RunStatistics;
import io.mathbeam.pipelines.options.KnownOptions;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code mathbeam board DIR... --output=FILE.html}: every run of the given run, sweep and history
 * directories on one page ({@link BoardPage}). Two models' results on a benchmark are compared as
 * {@code mathbeam compare} compares runs: paired on the problems both have, with the sign-flip test
 * of the per-problem differences.
 */
public final class BoardCommand implements Command {
  static final String USAGE =
      String.join(
          "\n",
          "usage: mathbeam board DIR... --output=FILE.html [--title=TEXT] [storage options]",
          "",
          "  DIR   a run directory (metrics.json), a sweep directory (sweep.json) or a nightly",
          "        history directory (--history: history-*.parquet)");

  /** The test level of the significance marks, as compare reports its p-values. */
  static final double ALPHA = 0.05;

  @Override
  public String name() {
    return "board";
  }

  @Override
  public String summary() {
    return "one HTML page of many runs: models x benchmarks, significance, nightly trends";
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    List<String> dirs = new ArrayList<>();
    List<String> storage = new ArrayList<>();
    String output = null;
    String title = "mathbeam board";
    for (String arg : args) {
      if (arg.equals("--help")) {
        out.println(USAGE);
        return 0;
      }
      if (!arg.startsWith("--")) {
        dirs.add(arg);
        continue;
      }
      String[] kv = arg.substring(2).split("=", 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException("board: expected --name=value, got " + arg);
      }
      switch (kv[0]) {
        case "output" -> output = kv[1];
        case "title" -> title = kv[1];
        default -> {
          if (!kv[0].startsWith("s3") && !kv[0].startsWith("aws")) {
            throw new IllegalArgumentException(
                "board: "
                    + KnownOptions.unknown(
                        arg,
                        List.of(
                            "--output",
                            "--title",
                            "--s3Endpoint",
                            "--s3PathStyleAccess",
                            "--awsRegion")));
          }
          storage.add(arg);
        }
      }
    }
    if (dirs.isEmpty() || output == null) {
      throw new IllegalArgumentException(
          "board: name the directories and --output=FILE.html\n\n" + USAGE);
    }
    Storage.configure(storage, dirs);
    Board board = build(title, dirs, Path.of(output).toAbsolutePath().getParent());
    BoardPage.write(board, Path.of(output));
    out.printf(
        Locale.ROOT,
        "Board: %d model(s) x %d benchmark(s)%s -> %s%n",
        board.models().size(),
        board.benchmarks().size(),
        board.trends().isEmpty() ? "" : ", nightly trends of " + board.trends().size(),
        output);
    return 0;
  }

  /** One model's result on one benchmark: its run and the dataset's metrics there. */
  private record Entry(BoardSources.Run run, JsonNode dataset) {}

  static Board build(String title, List<String> dirs, Path pageDir) throws IOException {
    BoardSources sources = BoardSources.read(dirs);
    Map<String, Map<String, Entry>> entries = new LinkedHashMap<>();
    Map<String, String> notes = new HashMap<>();
    TreeSet<String> benchmarks = new TreeSet<>();
    for (BoardSources.Run run : sources.runs) {
      Map<String, Entry> row = entries.computeIfAbsent(run.model(), m -> new LinkedHashMap<>());
      run.metrics()
          .path("datasets")
          .fields()
          .forEachRemaining(
              d -> {
                benchmarks.add(d.getKey());
                Entry earlier = row.get(d.getKey());
                Entry entry = new Entry(run, d.getValue());
                if (earlier == null) {
                  row.put(d.getKey(), entry);
                  return;
                }
                // the newer run of a model on a benchmark is the one shown
                boolean newer = run.finishedAt().compareTo(earlier.run().finishedAt()) > 0;
                Entry kept = newer ? entry : earlier;
                Entry dropped = newer ? earlier : entry;
                row.put(d.getKey(), kept);
                notes.put(
                    run.model() + "\n" + d.getKey(),
                    "the newer of two runs (" + dropped.run().dir() + " is older)");
              });
    }
    Map<String, Integer> commonK = new TreeMap<>();
    for (String b : benchmarks) {
      int k = Integer.MAX_VALUE;
      for (Map<String, Entry> row : entries.values()) {
        Entry e = row.get(b);
        if (e != null) {
          k = Math.min(k, e.dataset().path("pass_at_k").size());
        }
      }
      commonK.put(b, k == Integer.MAX_VALUE ? 1 : Math.max(k, 1));
    }
    Significance significance = new Significance();
    Map<String, Map<String, BoardCell>> cells = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, Entry>> row : entries.entrySet()) {
      Map<String, BoardCell> out = new LinkedHashMap<>();
      for (Map.Entry<String, Entry> e : row.getValue().entrySet()) {
        String model = row.getKey();
        String benchmark = e.getKey();
        List<String> below = new ArrayList<>();
        List<String> above = new ArrayList<>();
        List<String> caveats = new ArrayList<>();
        if (notes.containsKey(model + "\n" + benchmark)) {
          caveats.add(notes.get(model + "\n" + benchmark));
        }
        for (Map.Entry<String, Map<String, Entry>> other : entries.entrySet()) {
          Entry theirs = other.getValue().get(benchmark);
          if (other.getKey().equals(model) || theirs == null) {
            continue;
          }
          significance.compare(
              e.getValue(), theirs, other.getKey(), benchmark, below, above, caveats);
        }
        out.put(
            benchmark, cell(e.getValue(), commonK.get(benchmark), below, above, caveats, pageDir));
      }
      cells.put(row.getKey(), out);
    }
    Map<String, List<HistoryRow>> trends = new TreeMap<>();
    for (HistoryRow h : sources.history) {
      trends.computeIfAbsent(h.dataset(), d -> new ArrayList<>()).add(h);
    }
    trends.values().forEach(rows -> rows.sort(Comparator.comparing(HistoryRow::finishedAt)));
    List<String> columns = new ArrayList<>(benchmarks);
    for (String b : trends.keySet()) {
      if (!benchmarks.contains(b)) {
        columns.add(b);
      }
    }
    return new Board(
        title, List.copyOf(entries.keySet()), columns, cells, commonK, trends, List.copyOf(dirs));
  }

  private static BoardCell cell(
      Entry e,
      int commonK,
      List<String> below,
      List<String> above,
      List<String> caveats,
      Path pageDir) {
    JsonNode d = e.dataset();
    JsonNode passAtK = d.path("pass_at_k");
    JsonNode maj = d.path("maj_at_k");
    JsonNode cost = d.path("cost").path("total");
    String report = Storage.resolve(e.run().dir(), "report.html");
    if (!report.contains("://") && pageDir != null) {
      report = pageDir.relativize(Path.of(report).toAbsolutePath()).toString();
    }
    return new BoardCell(
        estimate(passAtK.path(0)),
        d.path("num_problems").asInt(),
        passAtK.size(),
        commonK > 1 && passAtK.size() >= commonK ? estimate(passAtK.path(commonK - 1)) : null,
        maj.isArray() && maj.size() > 0 ? maj.get(maj.size() - 1).path("value").asDouble() : null,
        Math.round(d.path("num_samples").asDouble() * d.path("mean_completion_tokens").asDouble()),
        cost.isNumber() ? cost.asDouble() : null,
        report,
        below,
        above,
        caveats.isEmpty() ? null : String.join("; ", caveats));
  }

  private static Estimate estimate(JsonNode p) {
    return new Estimate(
        p.path("value").asDouble(Double.NaN),
        p.path("ci95_lower").asDouble(Double.NaN),
        p.path("ci95_upper").asDouble(Double.NaN));
  }

  /** Paired comparisons of two runs, each pair of run directories compared once. */
  private static final class Significance {
    private final Map<String, RunProblems> problems = new HashMap<>();
    private final Map<String, ComparisonReport> reports = new HashMap<>();

    void compare(
        Entry mine,
        Entry theirs,
        String them,
        String benchmark,
        List<String> below,
        List<String> above,
        List<String> caveats)
        throws IOException {
      // each pair of runs is compared once; seen from the other side the difference flips
      boolean flipped = reports.containsKey(mine.run().dir() + "\n" + theirs.run().dir());
      ComparisonReport report =
          flipped
              ? report(mine.run().dir(), theirs.run().dir())
              : report(theirs.run().dir(), mine.run().dir());
      DatasetComparison d = report.dataset(benchmark).orElse(null);
      if (d == null || d.status() != DatasetStatus.COMPARED) {
        return;
      }
      if (!d.onlyInBaseline().isEmpty() || !d.onlyInCandidate().isEmpty()) {
        caveats.add(
            "against " + them + " paired on the " + d.sharedProblems() + " problems both have");
      }
      MetricComparison m = d.metric(MetricName.pass(1)).orElse(null);
      if (m == null || m.pTwoSided() >= ALPHA) {
        return;
      }
      double sign = flipped ? -1 : 1;
      double delta = sign * m.delta();
      double lower = flipped ? -m.ciUpper() : m.ciLower();
      double upper = flipped ? -m.ciLower() : m.ciUpper();
      String text =
          String.format(
              Locale.ROOT,
              "%s (%+.1f points, 95%% CI [%+.1f, %+.1f], p = %.3f)",
              them,
              100 * delta,
              100 * lower,
              100 * upper,
              m.pTwoSided());
      (delta < 0 ? below : above).add(text);
    }

    /** {@code candidate} against {@code baseline}: delta = candidate - baseline. */
    private ComparisonReport report(String baseline, String candidate) throws IOException {
      String key = baseline + "\n" + candidate;
      ComparisonReport r = reports.get(key);
      if (r == null) {
        r =
            new PairedComparison(CompareOptions.defaults())
                .compare(runProblems(baseline), runProblems(candidate));
        reports.put(key, r);
      }
      return r;
    }

    private RunProblems runProblems(String dir) throws IOException {
      RunProblems r = problems.get(dir);
      if (r == null) {
        r = RunStatistics.problems(dir);
        problems.put(dir, r);
      }
      return r;
    }
  }
}
