package io.mathbeam.pipelines.flink;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.RpcServiceSharing;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.MathUtils;

/**
 * Starts the embedded Flink cluster of a local FlinkRunner run on a thread of its own while the
 * command builds and translates its pipeline, and hands it to the job when Beam submits it.
 *
 * <p>Why: a FlinkRunner run with the default master ({@code [auto]}) starts its cluster only when
 * the translated job is submitted, after about 2.4 s of single-threaded options handling, pipeline
 * construction and translation, and the cluster's start (the RPC system, the REST endpoint, the
 * TaskManager) is another 1.3 s on that same thread while the second core idles (docs/runners.md,
 * "The embedded cluster started early"). Started here, the two overlap.
 *
 * <p>How: Beam's {@code [auto]} master asks Flink for its context {@code ExecutionEnvironment};
 * this installs one whose executor is Flink's own {@code LocalExecutor}, given a cluster factory
 * that returns the early cluster when the job asks for exactly the cluster it was started as (the
 * per-job cluster Flink would start: {@link #perJobConfiguration}), and a fresh one otherwise.
 * Flink shuts the cluster down when the job ends, as it does its own. Anything else (another runner
 * or master, a Flink configuration directory) is left to Beam: {@link #start} then does nothing.
 */
public final class EarlyFlinkCluster implements AutoCloseable {
  /** A cluster's shutdown took well under a second here; a stuck one must not hang the command. */
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  private static final EarlyFlinkCluster NONE = new EarlyFlinkCluster(null, null);

  private final BackgroundMiniCluster cluster;
  private final MiniClusterConfiguration configuration;
  private final AtomicBoolean handedOver = new AtomicBoolean();

  private EarlyFlinkCluster(BackgroundMiniCluster cluster, MiniClusterConfiguration configuration) {
    this.cluster = cluster;
    this.configuration = configuration;
  }

  /**
   * Starts the cluster of a local FlinkRunner run and makes it the one the run's job uses; for any
   * other run, nothing. Close it once the pipeline has run (or failed to).
   */
  public static EarlyFlinkCluster start(PipelineOptions options) {
    if (options.getRunner() != FlinkRunner.class) {
      return NONE;
    }
    FlinkPipelineOptions flink = options.as(FlinkPipelineOptions.class);
    boolean confDir =
        (flink.getFlinkConfDir() != null && !flink.getFlinkConfDir().isEmpty())
            || System.getenv("FLINK_CONF_DIR") != null;
    if (!"[auto]".equals(flink.getFlinkMaster()) || confDir || EarlyContext.isInstalled()) {
      return NONE;
    }
    int parallelism =
        flink.getParallelism() != null && flink.getParallelism() > 0
            ? flink.getParallelism()
            : StreamExecutionEnvironment.getDefaultLocalParallelism();
    Configuration environment = environment();
    MiniClusterConfiguration configuration = perJobConfiguration(environment, parallelism);
    BackgroundMiniCluster cluster = new BackgroundMiniCluster(configuration);
    EarlyFlinkCluster early = new EarlyFlinkCluster(cluster, configuration);
    cluster.startInBackground();
    EarlyContext.install(environment, parallelism, early);
    return early;
  }

  /**
   * The environment's configuration: what Beam's {@code [auto]} master gives a local environment
   * (no leaked-class-loader check) and what a local environment adds (the local target, attached).
   */
  static Configuration environment() {
    Configuration environment = new Configuration();
    environment.set(CoreOptions.CHECK_LEAKED_CLASSLOADER, false);
    environment.set(DeploymentOptions.TARGET, "local");
    environment.set(DeploymentOptions.ATTACHED, true);
    return environment;
  }

  /**
   * The cluster Flink's per-job factory starts for a job whose maximum parallelism is {@code
   * parallelism} (Flink 1.19's {@code PerJobMiniClusterFactory}): the REST endpoint on a free port,
   * {@code minicluster.number-of-taskmanagers} TaskManagers sharing one RPC service, each with the
   * configured slots or enough for the job.
   */
  static MiniClusterConfiguration perJobConfiguration(Configuration base, int parallelism) {
    Configuration configuration = new Configuration(base);
    if (!configuration.contains(RestOptions.BIND_PORT)) {
      configuration.set(RestOptions.BIND_PORT, "0");
    }
    int taskManagers = configuration.get(TaskManagerOptions.MINI_CLUSTER_NUM_TASK_MANAGERS);
    int slots =
        configuration
            .getOptional(TaskManagerOptions.NUM_TASK_SLOTS)
            .orElseGet(
                () ->
                    parallelism > 0
                        ? MathUtils.divideRoundUp(parallelism, taskManagers)
                        : TaskManagerOptions.NUM_TASK_SLOTS.defaultValue());
    return new MiniClusterConfiguration.Builder()
        .setConfiguration(configuration)
        .setNumTaskManagers(taskManagers)
        .setRpcServiceSharing(RpcServiceSharing.SHARED)
        .setNumSlotsPerTaskManager(slots)
        .build();
  }

  /**
   * The cluster for a job that asks for {@code wanted}: the early one, once, when it was started as
   * exactly that; otherwise a new one, which the job starts itself.
   */
  MiniCluster clusterFor(MiniClusterConfiguration wanted) {
    if (cluster != null
        && sameCluster(configuration, wanted)
        && handedOver.compareAndSet(false, true)) {
      return cluster;
    }
    return new MiniCluster(wanted);
  }

  /** Whether a job took the early cluster. */
  public boolean handedOver() {
    return handedOver.get();
  }

  static boolean sameCluster(MiniClusterConfiguration a, MiniClusterConfiguration b) {
    return a.getNumTaskManagers() == b.getNumTaskManagers()
        && a.getRpcServiceSharing() == b.getRpcServiceSharing()
        && a.getConfiguration().toMap().equals(b.getConfiguration().toMap());
  }

  /**
   * Removes the context environment; a cluster no job took (the pipeline failed before it was
   * submitted, or asked for another cluster) is shut down here, a taken one by Flink.
   */
  @Override
  public void close() throws Exception {
    if (cluster == null) {
      return;
    }
    EarlyContext.uninstall(this);
    if (!handedOver.get() && cluster.awaitStart()) {
      cluster.closeAsync().get(CLOSE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
  }
}
