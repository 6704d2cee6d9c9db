package io.mathbeam.pipelines;

import io.mathbeam.pipelines.bench.FleetBenchmark;
import io.mathbeam.pipelines.bench.GateBenchmark;
import io.mathbeam.pipelines.bench.PrecisionBenchmark;
import io.mathbeam.pipelines.bench.RegradeBenchmark;
import io.mathbeam.pipelines.board.BoardCommand;
import io.mathbeam.pipelines.cli.Command;
import io.mathbeam.pipelines.compare.CompareCommand;
import io.mathbeam.pipelines.datasets.DatasetsCommand;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.grade.GradeCommand;
import io.mathbeam.pipelines.regrade.RegradeCommand;
import io.mathbeam.pipelines.reported.ReportedCommand;
import io.mathbeam.pipelines.sweep.SweepCommand;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code mathbeam} command line: {@code eval}, {@code regrade}, {@code serve-sim}, {@code
 * grade}, benchmarks.
 */
public final class Main {
  /** Every command, in the order {@code mathbeam --help} lists them. */
  static final List<Command> COMMANDS =
      List.of(
          new EvalCommand(),
          new SimServerCommand(),
          new SweepCommand(),
          new RegradeCommand(),
          new CompareCommand(),
          new BoardCommand(),
          new GradeCommand(),
          new DatasetsCommand(),
          new ReportedCommand(),
          new GradeBenchmarkCommand(),
          new FleetBenchmark(),
          new GateBenchmark(),
          new PrecisionBenchmark(),
          new RegradeBenchmark(),
          new CodeBenchmarkCommand());

  static final Map<String, Command> REGISTRY = registry(COMMANDS);

  static final String USAGE = usage(COMMANDS);

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
    String name = args[0];
    Command command = REGISTRY.get(name);
    if (command == null) {
      err.println("mathbeam: unknown command '" + name + "'\n\n" + USAGE);
      return 2;
    }
    return command.run(Arrays.copyOfRange(args, 1, args.length), out, err);
  }

  private static Map<String, Command> registry(List<Command> commands) {
    Map<String, Command> byName = new LinkedHashMap<>();
    for (Command c : commands) {
      if (byName.put(c.name(), c) != null) {
        throw new IllegalStateException("two commands named " + c.name());
      }
    }
    return Collections.unmodifiableMap(byName);
  }

  /** The usage: one line per command, its summary in a column (a longer name pushes it out). */
  private static String usage(List<Command> commands) {
    StringBuilder s = new StringBuilder();
    s.append("usage: mathbeam <command> [--option=value ...]\n\ncommands:\n");
    for (Command c : commands) {
      s.append(String.format("  %-9s  %s\n", c.name(), c.summary()));
    }
    s.append(
        "\n'mathbeam <command> --help' lists a command's options; 'mathbeam --version' prints"
            + " the versions.");
    return s.toString();
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
