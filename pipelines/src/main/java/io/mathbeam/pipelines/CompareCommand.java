package io.mathbeam.pipelines;

import io.mathbeam.core.compare.CompareJson;
import io.mathbeam.core.compare.CompareOptions;
import io.mathbeam.core.compare.ComparisonReport;
import io.mathbeam.core.compare.Gate;
import io.mathbeam.core.compare.GateFileException;
import io.mathbeam.core.compare.JUnitXml;
import io.mathbeam.core.compare.MarkdownSummary;
import io.mathbeam.core.compare.PairedComparison;
import io.mathbeam.core.compare.ProblemOutcome;
import io.mathbeam.core.compare.RunProblems;
import io.mathbeam.core.compare.Verdict;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.ProblemVotes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code mathbeam compare --baseline=RUN --candidate=RUN [--gate=FILE] [--output=DIR]}: compares
 * two run directories problem by problem (docs/COMPARE.md) and exits 0 when the gate passes, 1 on a
 * regression, 2 when the inputs or the gate cannot be evaluated. Writes {@code compare.md}, {@code
 * compare.json} and {@code compare-junit.xml} to the output directory (default: {@code
 * <candidate>/compare}).
 */
final class CompareCommand {
  static final String USAGE =
      String.join(
          "\n",
          "usage: mathbeam compare --baseline=RUN_DIR --candidate=RUN_DIR [--gate=GATE.json]"
              + " [--output=DIR]",
          "",
          "Compares two eval (or regrade) run directories on the problems both ran: per dataset the",
          "delta of pass@1, pass@K and maj@K with a paired bootstrap 95% CI and a sign-flip",
          "permutation test, and the problems that flipped. The gate (default: no significant drop",
          "of pass@1 at alpha 0.05 on any dataset) decides the exit code: 0 pass, 1 regression,",
          "2 input error. Writes compare.md, compare.json and compare-junit.xml.");

  private final PrintStream out;

  CompareCommand(PrintStream out) {
    this.out = out;
  }

  int run(String[] args) throws IOException {
    String baseline = null;
    String candidate = null;
    String gateFile = null;
    String output = null;
    for (String arg : args) {
      if (arg.equals("--help")) {
        out.println(USAGE);
        return 0;
      }
      String[] kv = arg.replaceFirst("^--", "").split("=", 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException("compare: expected --name=value, got " + arg);
      }
      switch (kv[0]) {
        case "baseline" -> baseline = strip(kv[1]);
        case "candidate" -> candidate = strip(kv[1]);
        case "gate" -> gateFile = kv[1];
        case "output" -> output = strip(kv[1]);
        default -> throw new IllegalArgumentException("compare: unknown option " + arg);
      }
    }
    if (baseline == null || candidate == null) {
      throw new IllegalArgumentException(
          "compare: --baseline and --candidate are required\n\n" + USAGE);
    }
    Gate gate;
    try {
      gate = gateFile == null ? Gate.defaultGate() : Gate.read(Path.of(gateFile));
    } catch (GateFileException e) {
      out.println("mathbeam compare: " + e.getMessage());
      return Verdict.EXIT_INPUT_ERROR;
    }
    RunProblems base = problems("baseline", baseline);
    RunProblems cand = problems("candidate", candidate);
    int k = Math.min(smallestK(base), smallestK(cand));
    CompareOptions options = CompareOptions.defaults();
    if (k > 1) {
      options = options.withKs(k);
    }
    ComparisonReport report = new PairedComparison(options).compare(base, cand);
    Verdict verdict = Verdict.evaluate(gate, report);
    Path dir = Path.of(output != null ? output : candidate + "/compare");
    Files.createDirectories(dir);
    String markdown = MarkdownSummary.render(report, verdict);
    Files.writeString(dir.resolve("compare.md"), markdown, StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("compare.json"),
        MetricsJson.write(CompareJson.toJson(report, verdict)),
        StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("compare-junit.xml"), JUnitXml.render(report, verdict), StandardCharsets.UTF_8);
    out.print(markdown);
    out.println();
    out.println("Outputs in " + dir + ": compare.md, compare.json, compare-junit.xml");
    return verdict.exitCode();
  }

  private static RunProblems problems(String name, String runDir) throws IOException {
    if (!Files.isRegularFile(Path.of(runDir, "metrics.json"))) {
      throw new IllegalArgumentException(
          "compare: --" + name + "=" + runDir + " is not a run directory (no metrics.json)");
    }
    List<ProblemOutcome> outcomes = new ArrayList<>();
    for (ProblemVotes votes : RunStatistics.votes(runDir)) {
      outcomes.add(ProblemOutcome.of(votes));
    }
    return new RunProblems(runDir, outcomes);
  }

  private static int smallestK(RunProblems run) {
    int k = Integer.MAX_VALUE;
    for (ProblemOutcome p : run.problems()) {
      k = Math.min(k, p.samples());
    }
    return k == Integer.MAX_VALUE ? 1 : k;
  }

  private static String strip(String dir) {
    return dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
  }
}
