package io.mathbeam.pipelines;

import io.mathbeam.core.code.CodeGradeBenchmark;
import io.mathbeam.core.grading.GradeBenchmark;
import io.mathbeam.core.sim.SimServerMain;
import io.mathbeam.pipelines.bench.FleetBenchmark;
import io.mathbeam.pipelines.bench.RegradeBenchmark;
import io.mathbeam.pipelines.compare.CompareCommand;
import io.mathbeam.pipelines.datasets.DatasetsCommand;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.grade.GradeCommand;
import io.mathbeam.pipelines.options.EvalOptions;
import io.mathbeam.pipelines.options.OptionsHelp;
import io.mathbeam.pipelines.options.RegradeOptions;
import io.mathbeam.pipelines.regrade.RegradeCommand;
import io.mathbeam.pipelines.reported.ReportedCommand;
import io.mathbeam.pipelines.sweep.SweepCommand;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * The {@code mathbeam} command line: {@code eval}, {@code regrade}, {@code serve-sim}, {@code
 * grade}, benchmarks.
 */
public final class Main {
  static final String USAGE =
      String.join(
          "\n",
          "usage: mathbeam <command> [--option=value ...]",
          "",
          "commands:",
          "  eval       evaluate a model on math and code benchmarks (the Beam pipeline)",
          "  serve-sim  run the simulated OpenAI-compatible fleet as its own process",
          "  sweep      several models x benchmarks x K in one job, one run directory per model",
          "  regrade    grade a finished run's stored samples again and recompute its metrics",
          "  compare    compare two runs problem by problem; exit 1 when the candidate regressed",
          "  grade      grade a JSONL file of gold/pred pairs",
          "  datasets   list the published benchmarks, fetch them into the cache (pinned, checked)",
          "  reported   list the published results --reported=auto compares with",
          "  bench-grade  time the grader: cases/s and p50/p99/max latency over a case file",
          "  bench-fleet  fleet utilisation of eval against a simulated fleet, and of a baseline",
          "  bench-regrade  regrade a synthetic run with each runner and a plain-Java floor",
          "  bench-code   the code sandbox: start cost, HumanEval executions/s per parallelism",
          "",
          "'mathbeam <command> --help' lists a command's options; 'mathbeam --version' prints"
              + " the versions.");

  private Main() {}

  public static void main(String[] args) {
    int code = 1;
    try {
      code = run(args, System.out, System.err);
    } catch (Throwable e) {
      try {
        System.err.println("mathbeam: " + message(e));
        if (System.getenv("MATHBEAM_DEBUG") != null) {
          e.printStackTrace();
        }
      } catch (Throwable ignored) {
        // out of memory while reporting: the exit below matters more than the message
      }
    } finally {
      // Runner and HTTP threads are not all daemons; a failed DirectRunner run would hang
      // otherwise. After an out-of-memory error the exit itself can fail: halt then.
      try {
        System.exit(code);
      } finally {
        Runtime.getRuntime().halt(code);
      }
    }
  }

  public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      out.println(USAGE);
      return args.length == 0 ? 2 : 0;
    }
    if (args[0].equals("--version") || args[0].equals("version")) {
      out.print(Versions.describe());
      return 0;
    }
    String command = args[0];
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    boolean helpAll = Arrays.asList(rest).contains(OptionsHelp.ALL);
    boolean help = helpAll || Arrays.asList(rest).contains("--help");
    switch (command) {
      case "eval" -> {
        if (help) {
          out.println("usage: mathbeam eval [--option=value ...]\n");
          OptionsHelp.print(out, EvalOptions.class, helpAll);
          return 0;
        }
        new EvalCommand(out).run(rest);
        return 0;
      }
      case "regrade" -> {
        if (help) {
          out.println("usage: mathbeam regrade --input=RUN_DIR [--output=NEW_DIR]\n");
          OptionsHelp.print(out, RegradeOptions.class, helpAll);
          return 0;
        }
        new RegradeCommand(out).run(rest);
        return 0;
      }
      case "sweep" -> {
        if (help) {
          out.println(
              "usage: mathbeam sweep --sweep=FILE.yaml [--output=DIR] [eval options for every"
                  + " model]\n\nA sweep file lists models (name, endpoints, model, sampling,"
                  + " benchmarks);\nsee docs/SWEEPS.md. The eval options:\n");
          OptionsHelp.print(out, EvalOptions.class, helpAll);
          return 0;
        }
        new SweepCommand(out).run(rest);
        return 0;
      }
      case "compare" -> {
        return new CompareCommand(out).run(rest);
      }
      case "serve-sim" -> {
        SimServerMain.main(rest);
        return 0;
      }
      case "grade" -> {
        return new GradeCommand(out).run(rest);
      }
      case "datasets" -> {
        return new DatasetsCommand(out, err, System.getenv()).run(rest);
      }
      case "reported" -> {
        if (help) {
          out.println(ReportedCommand.USAGE);
          return 0;
        }
        return new ReportedCommand(out, err).run(rest);
      }
      case "bench-fleet" -> {
        return FleetBenchmark.main(rest, out);
      }
      case "bench-regrade" -> {
        return RegradeBenchmark.run(rest, out);
      }
      case "bench-grade" -> {
        GradeBenchmark.main(rest);
        return 0;
      }
      case "bench-code" -> {
        CodeGradeBenchmark.main(rest);
        return 0;
      }
      default -> {
        err.println("mathbeam: unknown command '" + command + "'\n\n" + USAGE);
        return 2;
      }
    }
  }

  /** The innermost useful message of an exception chain (Beam wraps user errors). */
  public static String message(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    if (t instanceof OutOfMemoryError) {
      return "out of memory ("
          + m
          + "). The DirectRunner keeps its bundles' outputs in memory: run large jobs with"
          + " --runner=FlinkRunner, whose memory stays flat, or give the JVM more heap"
          + " (MATHBEAM_JAVA_OPTS=-Xmx...)";
    }
    return m == null ? t.toString() : m;
  }
}
