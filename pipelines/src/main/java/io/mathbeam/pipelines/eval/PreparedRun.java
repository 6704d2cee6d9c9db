package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.client.ClientConfig;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.pipelines.launch.LaunchedFleet;
import io.mathbeam.pipelines.options.EvalOptions;

/** One evaluation ready to run ({@link EvalCommand#prepare}), and what to stop when it ends. */
public record PreparedRun(
    EvalOptions options,
    EvalConfig config,
    ClientConfig client,
    String inputs,
    long totalSamples,
    ReportedRequest reported,
    DemoServers.Running fleet,
    LaunchedFleet launched,
    JudgeSetup.Judge judge)
    implements AutoCloseable {
  /** The manifest's list of the servers {@code --launchModel} started. */
  static final String LAUNCHED_SERVERS = "launched_servers";

  /** What the run learned about its servers while it ran, for the manifest. */
  ObjectNode manifestUpdates() {
    ObjectNode updates = MetricsJson.JSON.createObjectNode();
    if (launched != null) {
      updates.set(LAUNCHED_SERVERS, launched.manifest());
    }
    return updates;
  }

  @Override
  public void close() {
    try {
      if (fleet != null) {
        fleet.close();
      }
    } finally {
      try {
        if (launched != null) {
          launched.close();
        }
      } finally {
        judge.close();
      }
    }
  }
}
