package io.mathbeam.pipelines.flink;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * A {@link MiniCluster} that starts on a thread of its own: {@link #start()}, which Flink's per-job
 * factory calls before it submits the job, waits for that start instead of starting again, and
 * rethrows what it failed with.
 */
final class BackgroundMiniCluster extends MiniCluster {
  private final CompletableFuture<Void> started = new CompletableFuture<>();

  BackgroundMiniCluster(MiniClusterConfiguration configuration) {
    super(configuration);
  }

  void startInBackground() {
    Thread starter =
        new Thread(
            () -> {
              try {
                super.start();
                started.complete(null);
              } catch (Throwable e) {
                started.completeExceptionally(e);
              }
            },
            "mathbeam-flink-cluster-start");
    // a daemon: a JVM whose command failed before it closed the cluster must still exit
    starter.setDaemon(true);
    starter.start();
  }

  @Override
  public void start() throws Exception {
    try {
      started.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** Waits for the start; whether it succeeded (a failed start has shut itself down). */
  boolean awaitStart() throws InterruptedException {
    try {
      started.get();
      return true;
    } catch (ExecutionException e) {
      return false;
    }
  }
}
