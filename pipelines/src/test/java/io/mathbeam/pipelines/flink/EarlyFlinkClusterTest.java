package io.mathbeam.pipelines.flink;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.api.java.LocalEnvironment;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.junit.Test;

/**
 * {@link EarlyFlinkCluster}: a FlinkRunner job runs on the cluster started early, a job that asks
 * for another cluster gets a new one, a cluster no job took is shut down on close, and runs it does
 * not apply to are left alone.
 */
public class EarlyFlinkClusterTest {
  /** What the test pipeline's workers saw: they run in this JVM on the embedded cluster. */
  static final Queue<Integer> SEEN = new ConcurrentLinkedQueue<>();

  /** Adds ten times each element to {@link #SEEN}. */
  static final class Record extends DoFn<Integer, Integer> {
    @ProcessElement
    public void process(@Element Integer x) {
      SEEN.add(x * 10);
    }
  }

  private static FlinkPipelineOptions flinkOptions() {
    FlinkPipelineOptions options = PipelineOptionsFactory.create().as(FlinkPipelineOptions.class);
    options.setRunner(FlinkRunner.class);
    options.setParallelism(2);
    return options;
  }

  @Test
  public void aFlinkJobRunsOnTheClusterStartedEarly() throws Exception {
    SEEN.clear();
    FlinkPipelineOptions options = flinkOptions();
    EarlyFlinkCluster early = EarlyFlinkCluster.start(options);
    try (early) {
      Pipeline pipeline = Pipeline.create(options);
      pipeline.apply(Create.of(List.of(1, 2, 3, 4, 5))).apply(ParDo.of(new Record()));
      assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
      assertTrue("the job took the early cluster", early.handedOver());
    }
    assertEquals(List.of(10, 20, 30, 40, 50), SEEN.stream().sorted().toList());
    // closed: Flink's own local environment is back for the next run
    assertTrue(ExecutionEnvironment.getExecutionEnvironment() instanceof LocalEnvironment);
  }

  @Test
  public void aJobAskingForAnotherClusterGetsANewOneAndTheEarlyOneIsShutDown() throws Exception {
    EarlyFlinkCluster early = EarlyFlinkCluster.start(flinkOptions());
    MiniCluster started;
    try (early) {
      MiniClusterConfiguration other =
          EarlyFlinkCluster.perJobConfiguration(new Configuration(), 3);
      MiniCluster fresh = early.clusterFor(other);
      assertFalse(fresh.isRunning());
      assertFalse(early.handedOver());
      started = early.clusterFor(EarlyFlinkCluster.perJobConfiguration(earlyEnvironment(), 2));
      assertNotSame(fresh, started);
      assertTrue(early.handedOver());
      // handed over once only: a second job gets a cluster of its own
      assertNotSame(
          started, early.clusterFor(EarlyFlinkCluster.perJobConfiguration(earlyEnvironment(), 2)));
      started.start();
      assertTrue(started.isRunning());
      started.close();
    }
  }

  @Test
  public void aClusterNoJobTookIsShutDownOnClose() throws Exception {
    EarlyFlinkCluster early = EarlyFlinkCluster.start(flinkOptions());
    MiniCluster cluster =
        early.clusterFor(EarlyFlinkCluster.perJobConfiguration(new Configuration(), 99));
    early.close();
    assertFalse(early.handedOver());
    assertFalse(cluster.isRunning());
    assertTrue(ExecutionEnvironment.getExecutionEnvironment() instanceof LocalEnvironment);
  }

  @Test
  public void otherRunnersAndMastersAreLeftToBeam() throws Exception {
    FlinkPipelineOptions direct = flinkOptions();
    direct.setRunner(DirectRunner.class);
    FlinkPipelineOptions local = flinkOptions();
    local.setFlinkMaster("[local]");
    for (FlinkPipelineOptions options : List.of(direct, local)) {
      try (EarlyFlinkCluster early = EarlyFlinkCluster.start(options)) {
        assertTrue(ExecutionEnvironment.getExecutionEnvironment() instanceof LocalEnvironment);
        assertFalse(early.handedOver());
      }
    }
  }

  @Test
  public void theEarlyClusterIsThePerJobClusterFlinkWouldStart() {
    MiniClusterConfiguration a = EarlyFlinkCluster.perJobConfiguration(earlyEnvironment(), 2);
    assertTrue(
        EarlyFlinkCluster.sameCluster(
            a, EarlyFlinkCluster.perJobConfiguration(earlyEnvironment(), 2)));
    assertFalse(
        EarlyFlinkCluster.sameCluster(
            a, EarlyFlinkCluster.perJobConfiguration(earlyEnvironment(), 4)));
    assertEquals("0", a.getConfiguration().toMap().get("rest.bind-port"));
    assertEquals(1, a.getNumTaskManagers());
    assertEquals("2", a.getConfiguration().toMap().get("taskmanager.numberOfTaskSlots"));
    assertSame(
        org.apache.flink.runtime.minicluster.RpcServiceSharing.SHARED, a.getRpcServiceSharing());
  }

  private static Configuration earlyEnvironment() {
    return EarlyFlinkCluster.environment();
  }
}
