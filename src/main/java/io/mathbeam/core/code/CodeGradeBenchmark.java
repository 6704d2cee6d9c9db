package io.mathbeam.core.code;

import io.mathbeam.core.model.CodeOutcome;
import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.FieldMapping;
import io.mathbeam.core.problems.JsonlProblemReader;
import io.mathbeam.core.problems.ProblemSink;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.core.problems.RowParser;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.SandboxConfig;
import io.mathbeam.core.text.NearestName;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Measures what code grading costs here: the sandbox's start cost ({@link Sandbox#startMillis()})
 * beside a bare {@code python3 -I -c pass} started the same way the JVM starts any process, and
 * HumanEval's reference solutions graded through {@link CodeGrader} at parallelism 1 and at one
 * execution per core.
 *
 * <p>Flags: {@code --humaneval=FILE} (default {@code
 * $MATHBEAM_SHARED/datasets/code/humaneval.jsonl}, else {@code
 * ../shared/datasets/code/humaneval.jsonl}), {@code --limit=N} (the first N problems), {@code
 * --bare-runs=N} (default 20) and {@code --parallelism=N} (default: the cores).
 */
public final class CodeGradeBenchmark {
  private CodeGradeBenchmark() {}

  public static void main(String[] args) throws Exception {
    run(args, System.out);
  }

  static void run(String[] args, PrintStream out) throws Exception {
    Path file = defaultHumanEval();
    int limit = Integer.MAX_VALUE;
    int bareRuns = 20;
    int cores = Runtime.getRuntime().availableProcessors();
    for (String arg : args) {
      if (arg.startsWith("--humaneval=")) {
        file = Path.of(value(arg));
      } else if (arg.startsWith("--limit=")) {
        limit = Integer.parseInt(value(arg));
      } else if (arg.startsWith("--bare-runs=")) {
        bareRuns = Integer.parseInt(value(arg));
      } else if (arg.startsWith("--parallelism=")) {
        cores = Integer.parseInt(value(arg));
      } else {
        String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
        throw new IllegalArgumentException(
            "unknown option '"
                + name
                + "'"
                + NearestName.hint(
                    name, List.of("--humaneval", "--limit", "--bare-runs", "--parallelism"))
                + " (--humaneval=FILE --limit=N --bare-runs=N --parallelism=N)");
      }
    }
    List<Problem> problems = humanEval(file);
    problems = problems.subList(0, Math.min(limit, problems.size()));
    SandboxConfig config = SandboxConfig.defaults().withParallelism(cores);
    try (Sandbox sandbox = Sandbox.open(config)) {
      out.println("sandbox: " + sandbox.describe());
      out.printf(
          Locale.ROOT, "sandbox start (median of its probes): %d ms%n", sandbox.startMillis());
      out.printf(
          Locale.ROOT,
          "bare %s -I -c pass: %s%n",
          config.python(),
          bareStart(config.python(), bareRuns));
      CodeGrader grader = new CodeGrader(sandbox);
      for (int parallelism : cores == 1 ? List.of(1) : List.of(1, cores)) {
        out.println(graded(grader, problems, parallelism));
      }
    }
  }

  /** Wall time of a process that starts the interpreter and exits, median and p90. */
  static String bareStart(Path python, int runs) throws IOException, InterruptedException {
    long[] micros = new long[runs];
    for (int i = 0; i < runs; i++) {
      long start = System.nanoTime();
      Process p =
          new ProcessBuilder(python.toString(), "-I", "-c", "pass")
              .redirectErrorStream(true)
              .start();
      p.getInputStream().readAllBytes();
      if (p.waitFor() != 0) {
        throw new IllegalStateException(python + " -I -c pass exited with " + p.exitValue());
      }
      micros[i] = (System.nanoTime() - start) / 1000;
    }
    Arrays.sort(micros);
    return String.format(
        Locale.ROOT,
        "median %.1f ms, p90 %.1f ms (%d runs)",
        micros[runs / 2] / 1000.0,
        micros[Math.min(runs - 1, runs * 9 / 10)] / 1000.0,
        runs);
  }

  private static String graded(CodeGrader grader, List<Problem> problems, int parallelism)
      throws InterruptedException, ExecutionException {
    ExecutorService pool = Executors.newFixedThreadPool(parallelism);
    try {
      long start = System.nanoTime();
      List<Future<CodeOutcome>> outcomes = new ArrayList<>();
      for (Problem p : problems) {
        String response = "```python\n" + p.goldAnswers().get(0) + "\n```";
        outcomes.add(pool.submit(() -> grader.grade(p.code(), response)));
      }
      int passed = 0;
      for (Future<CodeOutcome> f : outcomes) {
        passed += f.get().passed() ? 1 : 0;
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      return String.format(
          Locale.ROOT,
          "HumanEval canonical, parallelism %d: %d executions in %.2f s = %.1f executions/s,"
              + " %d passed",
          parallelism,
          problems.size(),
          seconds,
          problems.size() / seconds,
          passed);
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<Problem> humanEval(Path file) throws IOException {
    List<Problem> problems = new ArrayList<>();
    List<String> rejected = new ArrayList<>();
    try (InputStream in = Files.newInputStream(file)) {
      JsonlProblemReader.read(
          in,
          file.toString(),
          new RowParser(FieldMapping.DEFAULT, "humaneval", 1),
          new ProblemSink() {
            @Override
            public void accept(Problem problem) {
              problems.add(problem);
            }

            @Override
            public void reject(RejectedRow row) {
              rejected.add(row.describe());
            }
          });
    }
    if (!rejected.isEmpty() || problems.isEmpty()) {
      throw new IllegalArgumentException(
          file + " is not a HumanEval file: " + (rejected.isEmpty() ? "no rows" : rejected.get(0)));
    }
    return problems;
  }

  private static Path defaultHumanEval() {
    String shared = System.getenv("MATHBEAM_SHARED");
    Path root = shared != null && !shared.isEmpty() ? Path.of(shared) : Path.of("..", "shared");
    return root.resolve("datasets/code/humaneval.jsonl");
  }

  private static String value(String flag) {
    return flag.substring(flag.indexOf('=') + 1);
  }
}
