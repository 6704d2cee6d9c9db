package io.mathbeam.pipelines.eval;

import io.mathbeam.pipelines.options.EvalOptions;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;

/**
 * How generation is keyed ({@code --generationShards}). The FlinkRunner gets four shards of the
 * job-wide per-replica limits per parallel worker, so that the shards spread evenly over the
 * workers (docs/runners.md, "Limits for the whole job"). The DirectRunner runs the job in one JVM,
 * whose shared client already holds the limits for the whole job: it gets no shards, but one group
 * per runner thread, whose bundles wait for the generation together so that the runner's driver
 * finds no free thread to spin on (docs/runners.md, "The DirectRunner's idle CPU").
 */
final class GenerationShards {
  static final int PER_WORKER = 4;

  private GenerationShards() {}

  static int choose(EvalOptions options) {
    int cap = options.getMaxInFlightPerReplica();
    int given = options.getGenerationShards();
    if (given >= 0) {
      if (given > cap) {
        throw new IllegalArgumentException(
            "--generationShards="
                + given
                + " is more than --maxInFlightPerReplica="
                + cap
                + ": every shard needs at least one sequence of each replica's cap");
      }
      return given;
    }
    if (options.getRunner() != FlinkRunner.class) {
      return 0;
    }
    int parallelism = options.as(FlinkPipelineOptions.class).getParallelism();
    int workers = parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
    return Math.max(1, Math.min(cap, PER_WORKER * workers));
  }

  /**
   * Keyed groups without shards: on the DirectRunner, unless {@code --generationShards} is given,
   * one per runner thread ({@code --targetParallelism}); otherwise none.
   */
  static int groups(EvalOptions options) {
    if (options.getRunner() != DirectRunner.class || options.getGenerationShards() >= 0) {
      return 0;
    }
    return Math.max(1, options.as(DirectOptions.class).getTargetParallelism());
  }
}
