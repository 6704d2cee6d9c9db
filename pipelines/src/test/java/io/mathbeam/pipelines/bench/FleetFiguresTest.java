package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;

import io.mathbeam.core.sim.LatencyModel;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.core.sim.SimConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/** The ideal makespan's two bounds, tail idle time and the exactly-once count on made-up logs. */
public class FleetFiguresTest {
  /** One ms per step whatever the batch, so a sequence's own time is its token count in ms. */
  private static final LatencyModel FLAT = new LatencyModel(1.0, 0, 0, 0, 1_000_000, 8192, 0);

  private static SimConfig fleet(int slowReplicas, double slowFactor) {
    return SimConfig.builder()
        .replicas(2)
        .maxNumSeqs(4)
        .timeScale(1)
        .latency(FLAT)
        .slowReplicas(slowReplicas)
        .slowFactor(slowFactor)
        .build();
  }

  private static RequestLogEntry answered(
      int replica, long arrival, long finish, String prompt, long seed, int n, int tokens) {
    return entry(replica, arrival, finish, prompt, seed, n, tokens, 200);
  }

  private static RequestLogEntry entry(
      int replica,
      long arrival,
      long finish,
      String prompt,
      long seed,
      int n,
      int tokens,
      int status) {
    return RequestLogEntry.builder()
        .arrivalMs(arrival)
        .finishMs(finish)
        .replica(replica)
        .port(8000 + replica)
        .endpoint("/v1/chat/completions")
        .promptHash(prompt)
        .seed(seed)
        .n(n)
        .status(status)
        .promptTokens(50)
        .completionTokens(tokens)
        .maxTokens(4096)
        .temperature(0.6)
        .topP(0.95)
        .topK(-1)
        .minP(0.0)
        .build();
  }

  @Test
  public void workIsSharedByCapacityWhereEachSlowReplicaCountsAsOneOverItsFactor() {
    List<RequestLogEntry> log = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      // 100 decode steps after the prefill's token, a quarter of a 1 ms step each at batch 4
      log.add(answered(i % 2, 0, 100, "p" + i, i, 1, 101));
    }
    FleetFigures figures = FleetFigures.of(log, fleet(1, 3), 4);
    // 200 ms of work over a capacity of 1/3 + 1 replicas
    assertEquals(0.150, figures.workSeconds(), 1e-9);
    assertEquals(0.101, figures.longestSeconds(), 1e-9);
    assertEquals(0.150, figures.idealSeconds(), 1e-9);
    assertEquals(1.5, figures.utilisation(), 1e-9);
  }

  @Test
  public void theLongestSampleBoundsTheIdealWhenItOutlastsTheWork() {
    List<RequestLogEntry> log = List.of(answered(1, 0, 2000, "p", 1, 1, 1001));
    FleetFigures figures = FleetFigures.of(log, fleet(1, 3), 4);
    assertEquals(0.250 / (4 / 3.0), figures.workSeconds(), 1e-9);
    // alone in the batch on the fast replica: a prefill step and 1000 decode steps of 1 ms
    assertEquals(1.001, figures.idealSeconds(), 1e-9);
    assertEquals(1.001 / 2.0, figures.utilisation(), 1e-9);
  }

  @Test
  public void theLongestSampleIsTimedAtTheFastestReplicasSpeed() {
    SimConfig allSlow = fleet(2, 3);
    List<RequestLogEntry> log = List.of(answered(0, 0, 4000, "p", 1, 1, 1001));
    assertEquals(3.003, FleetFigures.of(log, allSlow, 4).longestSeconds(), 1e-9);
  }

  @Test
  public void decodeWorkReadsEachTokensOwnContext() {
    LatencyModel kv = new LatencyModel(1.0, 0.5, 0.25, 0.1, 1_000_000, 8192, 0);
    // prompt 10, 3 tokens: the prefill emits the first, then steps at contexts 11 and 12
    assertEquals(2 * (0.25 + 0.5) + 23 * 0.25, FleetFigures.decodeMs(kv, 10, 3, 0.25), 1e-12);
    assertEquals(1.0 + 2 * 1.5 + 23 * 0.25, FleetFigures.ownMs(kv, 10, 3), 1e-12);
  }

  @Test
  public void aPromptIsPrefilledOnceInTheIdealHoweverManyRequestsCarryIt() {
    LatencyModel prefillOnly = new LatencyModel(1e-9, 0, 0, 0.1, 1_000_000, 8192, 0);
    SimConfig config = fleet(0, 2).toBuilder().latency(prefillOnly).build();
    List<RequestLogEntry> log =
        List.of(answered(0, 0, 10, "same", 1, 1, 1), answered(1, 0, 10, "same", 2, 1, 1));
    // 50 prompt tokens at 0.1 ms, once, over two replicas
    assertEquals(0.005 / 2, FleetFigures.of(log, config, 4).workSeconds(), 1e-9);
  }

  @Test
  public void tailIdleIsEachReplicasWaitAfterItsLastResponse() {
    List<RequestLogEntry> log =
        List.of(answered(0, 0, 800, "a", 1, 1, 10), answered(1, 0, 1000, "b", 1, 1, 10));
    FleetFigures uniform = FleetFigures.of(log, fleet(0, 2), 4);
    assertEquals(List.of(0.2, 0.0), uniform.tailIdleSeconds());
    assertEquals(0.2, uniform.idleReplicaSeconds(), 1e-9);
    assertEquals(0.1, uniform.fastIdleShare(false), 1e-9);
    assertEquals(0.2, uniform.fastIdleShare(true), 1e-9);
    // with replica 0 slow, only replica 1 is among the fastest, and it finished last
    assertEquals(0.0, FleetFigures.of(log, fleet(1, 2), 4).fastIdleShare(true), 1e-9);
  }

  @Test
  public void aSampleAnsweredTwiceIsCountedOnceAndFailedAttemptsNotAtAll() {
    List<RequestLogEntry> log =
        List.of(
            entry(0, 0, 5, "a", 5, 1, 0, 503),
            answered(0, 5, 50, "a", 5, 2, 40),
            answered(1, 5, 60, "a", 6, 1, 20),
            answered(1, 5, 60, "b", 5, 1, 20));
    FleetFigures figures = FleetFigures.of(log, fleet(0, 2), 4);
    // seeds 5 and 6 of "a" (one n=2 request), 6 again (later: left out), and 5 of "b"
    assertEquals(3, figures.sequences());
    assertEquals(1, figures.duplicates());
    assertEquals(3, figures.distinctSamples());
    assertEquals(60, figures.generatedTokens());
  }

  @Test
  public void aLaterAnswerToAnAnsweredSampleNeitherEndsTheRunNorAddsWork() {
    List<RequestLogEntry> copied =
        List.of(
            // the original on the slow replica, still running when its copy answered
            answered(0, 0, 100, "a", 1, 1, 100),
            answered(1, 40, 70, "a", 1, 1, 100),
            answered(1, 0, 50, "b", 1, 1, 100));
    List<RequestLogEntry> once = List.of(copied.get(1), copied.get(2));
    FleetFigures figures = FleetFigures.of(copied, fleet(1, 2), 4);
    FleetFigures reference = FleetFigures.of(once, fleet(1, 2), 4);
    assertEquals(0.070, figures.makespanSeconds(), 1e-9);
    assertEquals(1, figures.duplicates());
    assertEquals(2, figures.distinctSamples());
    assertEquals(reference.workSeconds(), figures.workSeconds(), 1e-12);
    assertEquals(200, figures.generatedTokens());
    // the original held its slot on the slow replica until it ended
    assertEquals(1, (int) figures.peaks().get(0));
  }
}
