package io.mathbeam.pipelines.options;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Picks the local runner by the size of the run and applies each runner's measured defaults.
 *
 * <p>Measured with {@code bin/mathbeam bench-regrade} on the 2-core project machine
 * (docs/runners.md): the DirectRunner is faster at 10,000 and 30,000 samples (embedded Flink pays a
 * few seconds of start-up) and the two are within a few percent at 100,000. Memory decides it from
 * there: the DirectRunner has no back-pressure and holds each step's whole output until the step
 * ends, so its heap grows with the run's text (300,000- and 1M-sample regrades ran out of a 3 GB
 * heap), while Flink streams (1M samples at 2.4 GB resident, 1.15x a plain loop). Without {@code
 * --runner}, runs of {@link #FLINK_FROM_SAMPLES} samples or more go to the embedded Flink cluster;
 * an explicit {@code --runner} is always obeyed.
 */
public final class RunnerChoice {
  /** Runs with at least this many samples use the embedded Flink cluster unless told otherwise. */
  static final long FLINK_FROM_SAMPLES = 50_000;

  private RunnerChoice() {}

  /**
   * Sets the runner when {@code args} name none, then that runner's defaults.
   *
   * @param samples the run's number of samples, or -1 when not known before it runs (the runner
   *     then stays the default)
   */
  public static void apply(PipelineOptions options, String[] args, long samples, PrintStream out) {
    boolean given = given(args, "--runner");
    boolean large = samples >= FLINK_FROM_SAMPLES;
    if (!given && large) {
      options.setRunner(FlinkRunner.class);
      out.printf(
          Locale.ROOT,
          "%,d samples: running on the embedded Flink cluster, which is as fast as the"
              + " DirectRunner from about %,d samples and whose memory does not grow with the run"
              + " (--runner=DirectRunner to override)%n",
          samples,
          FLINK_FROM_SAMPLES);
    } else if (given && large && options.getRunner() == DirectRunner.class) {
      out.printf(
          Locale.ROOT,
          "Note: %,d samples on the DirectRunner, which holds its bundles' outputs in memory;"
              + " --runner=FlinkRunner runs them on an embedded Flink cluster with flat memory%n",
          samples);
    }
    if (options.getRunner() == DirectRunner.class) {
      directDefaults(args, options.as(DirectOptions.class));
    } else if (options.getRunner() == FlinkRunner.class) {
      flinkDefaults(args, options.as(FlinkPipelineOptions.class));
    }
  }

  /**
   * The DirectRunner's enforcement checks clone every element through its coder and were measured
   * to make 100k-sample runs 3x slower or run out of memory; the CLI turns them off unless asked
   * for (tests build pipelines with TestPipeline and keep them on). {@code Pipeline.run()} on the
   * DirectRunner returns only when the job is done unless blockOnRun is off, which would leave no
   * time for the progress line.
   */
  private static void directDefaults(String[] args, DirectOptions direct) {
    direct.setBlockOnRun(false);
    if (!given(args, "--enforceImmutability")) {
      direct.setEnforceImmutability(false);
    }
    if (!given(args, "--enforceEncodability")) {
      direct.setEnforceEncodability(false);
    }
  }

  /**
   * Flink copies every element between chained operators through its coder unless fasterCopy is on;
   * the project's DoFns never modify an element after receiving or emitting it, so the copies are
   * pure cost (measured in docs/runners.md).
   */
  private static void flinkDefaults(String[] args, FlinkPipelineOptions flink) {
    if (!given(args, "--fasterCopy")) {
      flink.setFasterCopy(true);
    }
  }

  private static boolean given(String[] args, String option) {
    return Arrays.stream(args).anyMatch(a -> a.equals(option) || a.startsWith(option + "="));
  }
}
