package io.mathbeam.pipelines;

import io.mathbeam.core.grading.GradeBenchmark;
import io.mathbeam.pipelines.cli.Command;
import java.io.PrintStream;

/**
 * {@code mathbeam bench-grade}: the Beam-free core's {@link GradeBenchmark} as a {@link Command}.
 */
final class GradeBenchmarkCommand implements Command {
  @Override
  public String name() {
    return "bench-grade";
  }

  @Override
  public String summary() {
    return "time the grader: cases/s and p50/p99/max latency over a case file";
  }

  /** {@link GradeBenchmark} prints to the process's streams and handles its own {@code --help}. */
  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    GradeBenchmark.main(args);
    return 0;
  }
}
