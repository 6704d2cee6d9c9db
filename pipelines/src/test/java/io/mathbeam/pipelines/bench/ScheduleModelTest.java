package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.sim.LatencyModel;
import io.mathbeam.core.sim.RequestLogEntry;
import io.mathbeam.pipelines.bench.ScheduleModel.Job;
import io.mathbeam.pipelines.bench.ScheduleModel.Order;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.Test;

/**
 * The schedule model's replay on hand-counted cases, and what orders reach on log-normal lengths.
 */
public class ScheduleModelTest {
  /** Every step 1 ms whatever the batch; prefill free: makespans count steps. */
  private static final LatencyModel UNIT_STEPS =
      new LatencyModel(1.0, 0, 0, 0, 1_000_000L, 8192, 0);

  private static List<Job> lengths(long... tokens) {
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < tokens.length; i++) {
      jobs.add(new Job("p" + i, 10, tokens[i]));
    }
    return jobs;
  }

  @Test
  public void aLongSampleLastInArrivalOrderEndsTheRunLateAndTheOracleStartsItFirst() {
    ScheduleModel model = new ScheduleModel(UNIT_STEPS, List.of(1.0, 1.0), 1);
    List<Job> jobs = lengths(1, 1, 1, 3);

    // arrival: r0 runs 1 then 1; r1 runs 1 then the 3 from t=1: ends at 4
    assertEquals(4.0, model.makespanMs(jobs, Order.PROBLEM_ORDER), 1e-9);
    // longest first: r0 runs the 3, r1 the three 1s: ends at 3
    assertEquals(3.0, model.makespanMs(jobs, Order.LONGEST_SAMPLE_FIRST), 1e-9);
    // the ideal: the longest sample's own 3 steps (the work bound is lower)
    assertEquals(3.0, model.idealMs(jobs), 1e-9);
    assertEquals(0.75, model.utilisation(jobs, Order.PROBLEM_ORDER), 1e-9);
    assertEquals(1.0, model.utilisation(jobs, Order.LONGEST_SAMPLE_FIRST), 1e-9);
  }

  @Test
  public void roundRobinPreemptsAtTheSliceAndResumesTheSampleLater() {
    ScheduleModel model = new ScheduleModel(UNIT_STEPS, List.of(1.0), 1);
    // median 6, slice 3: the 6 runs 3 steps, the 2 runs, the 6 ends its last 3: 8 steps
    List<Job> jobs = lengths(6, 2);
    assertEquals(8.0, model.makespanMs(jobs, Order.ROUND_ROBIN), 1e-9);

    // two replicas, one sequence each: a preempted sample comes back on whichever frees first
    ScheduleModel two = new ScheduleModel(UNIT_STEPS, List.of(1.0, 1.0), 1);
    List<Job> three = lengths(8, 8, 2); // median 8, slice 4
    // t=4: both 8s preempted, the 2 takes r0 (ends 6), the first 8 resumes on r1 (ends 8), the
    // second resumes on r0 at 6 (ends 10)
    assertEquals(10.0, two.makespanMs(three, Order.ROUND_ROBIN), 1e-9);
    assertEquals(10.0, two.makespanMs(three, Order.PROBLEM_ORDER), 1e-9);
  }

  @Test
  public void aSlowReplicaTakesOnlyWhatEndsThereNoLaterThanOnTheFastOne() {
    ScheduleModel model = new ScheduleModel(UNIT_STEPS, List.of(1.0, 3.0), 1);
    // the 1 ends at 3 on the slow replica, earlier than after the 4 on the fast one
    assertEquals(4.0, model.makespanMs(lengths(4, 1), Order.LONGEST_SAMPLE_FIRST), 1e-9);
    // a second 4 would end at 12 there, at 8 after the first on the fast one: it waits
    assertEquals(8.0, model.makespanMs(lengths(4, 4), Order.LONGEST_SAMPLE_FIRST), 1e-9);
  }

  @Test
  public void prefillIsChargedOncePerPromptAndReplica() {
    LatencyModel withPrefill = new LatencyModel(1.0, 0, 0, 0.5, 1_000_000L, 8192, 0);
    ScheduleModel model = new ScheduleModel(withPrefill, List.of(1.0), 1);
    List<Job> siblings = List.of(new Job("p", 10, 2), new Job("p", 10, 2));
    // 10 prompt tokens x 0.5 once, then one token for the cached sibling: 5 + 2 + 0.5 + 2
    assertEquals(9.5, model.makespanMs(siblings, Order.PROBLEM_ORDER), 1e-9);
  }

  @Test
  public void jobsOfSplitsAnNRequestAndKeepsArrivalOrder() {
    List<RequestLogEntry> log =
        List.of(
            entry("late", 200, 1, 30), entry("early", 100, 3, 30)); // 3 choices of 10 tokens each
    List<Job> jobs = ScheduleModel.jobsOf(log);
    assertEquals(4, jobs.size());
    assertEquals(
        List.of("early", "early", "early", "late"), jobs.stream().map(Job::problem).toList());
    assertEquals(10, jobs.get(0).outputTokens());
    assertEquals(30, jobs.get(3).outputTokens());
  }

  private static RequestLogEntry entry(String prompt, long arrival, int n, int completion) {
    return RequestLogEntry.builder()
        .arrivalMs(arrival)
        .finishMs(arrival + 50)
        .status(200)
        .endpoint("/v1/chat/completions")
        .promptHash(prompt)
        .promptTokens(12)
        .completionTokens(completion)
        .n(n)
        .build();
  }

  @Test
  public void onLogNormalLengthsOnlyKnowingEverySampleReachesTheIdeal() {
    // the simulator's default workload: per-problem medians, log-normal sigma 0.8, a few percent
    // rambling to max_tokens 4096
    Random random = new Random(7);
    List<Job> jobs = new ArrayList<>();
    for (int p = 0; p < 200; p++) {
      double solve = 0.05 + 0.9 * random.nextDouble();
      double median = 600 * (0.6 + 0.8 * (1 - solve));
      for (int s = 0; s < 8; s++) {
        boolean rambles = random.nextDouble() < 0.02 + 0.10 * (1 - solve);
        long natural = Math.max(20, Math.round(median * Math.exp(0.8 * random.nextGaussian())));
        jobs.add(new Job("p" + p, 60, rambles ? 4096 : Math.min(natural, 4096)));
      }
    }
    ScheduleModel model =
        new ScheduleModel(LatencyModel.h100Small(), List.of(1.0, 1.0, 1.0, 1.0), 64);
    Map<Order, Double> reached = model.utilisations(jobs);

    assertTrue(reached.toString(), reached.get(Order.LONGEST_SAMPLE_FIRST) > 0.95);
    assertTrue(reached.toString(), reached.get(Order.PROBLEM_ORDER) < 0.85);
    assertTrue(reached.toString(), ScheduleModel.bestWithoutLengths(reached) < 0.92);
    assertTrue(
        reached.toString(),
        ScheduleModel.bestWithoutLengths(reached) >= reached.get(Order.PROBLEM_ORDER));
  }
}
