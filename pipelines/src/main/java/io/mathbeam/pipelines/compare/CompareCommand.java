package io.mathbeam.pipelines.compare;

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
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.eval.RunStatistics;
import io.mathbeam.pipelines.options.KnownOptions;
import io.mathbeam.pipelines.storage.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code mathbeam compare --baseline=RUN --candidate=RUN [--gate=FILE] [--output=DIR]}: compares
 * two run directories problem by problem (docs/COMPARE.md) and exits 0 when the gate passes, 1 on a
 * regression, 2 when the inputs or the gate cannot be evaluated. Writes {@code compare.md}, {@code
 * compare.json} and {@code compare-junit.xml} to the output directory (default: {@code
 * <candidate>/compare}).
 */
public final class CompareCommand implements Command {
  static final String USAGE =
      String.join(
          "\n",
          "usage: mathbeam compare --baseline=RUN_DIR --candidate=RUN_DIR [--gate=GATE.json]"
              + " [--detect=POINTS] [--output=DIR]",
          "",
          "Compares two eval (or regrade) run directories on the problems both ran: per dataset the",
          "delta of pass@1, pass@K and maj@K with a paired bootstrap 95% CI and a sign-flip",
          "permutation test, and the problems that flipped. The gate (default: no significant drop",
          "of pass@1 on any dataset, the chance of any false failure held at 0.05 by Holm's",
          "step-down) decides the exit code: 0 pass (warnings included), 1 regression, 2 input",
          "error. Each drop test states the smallest drop it catches with 80% probability;",
          "--detect=POINTS adds the samples per problem that a drop of POINTS percentage points",
          "would need. Writes compare.md, compare.json and compare-junit.xml.");

  private final PrintStream out;

  public CompareCommand(PrintStream out) {
    this.out = out;
  }

  /**
   * The command as {@code Main}'s registry holds it: {@link #run(String[], PrintStream,
   * PrintStream)} prints where it is told.
   */
  public CompareCommand() {
    this(System.out);
  }

  @Override
  public String name() {
    return "compare";
  }

  @Override
  public String summary() {
    return "compare two runs problem by problem; exit 1 when the candidate regressed";
  }

  /** {@code --help} is handled by {@link #run(String[])}, among the other options. */
  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    return new CompareCommand(out).run(args);
  }

  public int run(String[] args) throws IOException {
    String baseline = null;
    String candidate = null;
    String gateFile = null;
    String output = null;
    double detect = Double.NaN;
    List<String> storage = new ArrayList<>();
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
        case "detect" -> detect = detectPoints(kv[1]) / 100;
        default -> {
          if (!kv[0].startsWith("s3") && !kv[0].startsWith("aws")) {
            throw new IllegalArgumentException(
                "compare: "
                    + KnownOptions.unknown(
                        arg,
                        List.of(
                            "--baseline",
                            "--candidate",
                            "--gate",
                            "--output",
                            "--detect",
                            "--s3Endpoint",
                            "--s3PathStyleAccess",
                            "--awsRegion")));
          }
          storage.add(arg);
        }
      }
    }
    if (baseline == null || candidate == null) {
      throw new IllegalArgumentException(
          "compare: --baseline and --candidate are required\n\n" + USAGE);
    }
    Storage.configure(storage, List.of(args));
    Gate gate;
    try {
      gate = gateFile == null ? Gate.defaultGate() : Gate.parse(gateText(gateFile), gateFile);
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
    Verdict verdict = Verdict.evaluate(gate, report, detect);
    String dir = output != null ? output : candidate + "/compare";
    String markdown = MarkdownSummary.render(report, verdict);
    Storage.writeString(Storage.resolve(dir, "compare.md"), markdown);
    Storage.writeString(
        Storage.resolve(dir, "compare.json"),
        MetricsJson.write(CompareJson.toJson(report, verdict)));
    Storage.writeString(
        Storage.resolve(dir, "compare-junit.xml"), JUnitXml.render(report, verdict));
    out.print(markdown);
    out.println();
    out.println("Outputs in " + dir + ": compare.md, compare.json, compare-junit.xml");
    return verdict.exitCode();
  }

  private static RunProblems problems(String name, String runDir) throws IOException {
    if (!Storage.exists(Storage.resolve(runDir, "metrics.json"))) {
      throw new IllegalArgumentException(
          "compare: --" + name + "=" + runDir + " is not a run directory (no metrics.json)");
    }
    return RunStatistics.problems(runDir);
  }

  /** The gate file's text; a file that cannot be read is the gate's error (exit 2). */
  private static String gateText(String file) throws GateFileException {
    try {
      return Storage.readString(file);
    } catch (IOException e) {
      throw new GateFileException(file, -1, null, "cannot read: " + e, e);
    }
  }

  private static int smallestK(RunProblems run) {
    int k = Integer.MAX_VALUE;
    for (ProblemOutcome p : run.problems()) {
      k = Math.min(k, p.samples());
    }
    return k == Integer.MAX_VALUE ? 1 : k;
  }

  private static double detectPoints(String text) {
    double points;
    try {
      points = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "compare: --detect wants a drop in percentage points (e.g. 2), got '" + text + "'");
    }
    if (!(points > 0 && points < 100)) {
      throw new IllegalArgumentException(
          "compare: --detect must be in (0, 100) percentage points, got " + text);
    }
    return points;
  }

  private static String strip(String dir) {
    return dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
  }
}
