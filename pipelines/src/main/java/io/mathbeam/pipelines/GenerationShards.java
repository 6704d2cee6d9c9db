package io.mathbeam.pipelines;

import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;

/**
 * How many shards the job-wide per-replica limits are cut into ({@code --generationShards}). The
 * DirectRunner runs the job in one JVM, whose shared client already holds the limits for the whole
 * job, and it runs each grouped key as its own bundle, which would split the fleet into small
 * pieces: it gets 0 (no keyed step). The FlinkRunner gets four shards per parallel worker, so that
 * the shards spread evenly over the workers (docs/runners.md, "Limits for the whole job").
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
}
