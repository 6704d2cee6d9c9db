package io.mathbeam.pipelines;

import io.mathbeam.core.code.CodeGradeBenchmark;
import io.mathbeam.pipelines.cli.Command;
import java.io.PrintStream;

/**
 * {@code mathbeam bench-code}: the Beam-free core's {@link CodeGradeBenchmark} as a {@link
 * Command}.
 */
final class CodeBenchmarkCommand implements Command {
  @Override
  public String name() {
    return "bench-code";
  }

  @Override
  public String summary() {
    return "the code sandbox: start cost, HumanEval executions/s per parallelism";
  }

  /** {@link CodeGradeBenchmark} prints to the process's streams and reads its own flags. */
  @Override
  public int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    CodeGradeBenchmark.main(args);
    return 0;
  }
}
