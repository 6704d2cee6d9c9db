package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code bench-regrade --rounds=N}: the runners' order alternates, each ratio to the floor is taken
 * within its own round, rounds a side failed are left out, and the summary gives median and range.
 */
public class RegradeBenchmarkRoundsTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static RegradeBenchmarkChild child(
      String runner, int exit, double wallSeconds, double cpu, long rssKb) {
    return new RegradeBenchmarkChild(
        runner,
        exit,
        Duration.ofMillis((long) (wallSeconds * 1000)),
        rssKb,
        cpu,
        Path.of(runner + ".log"),
        Path.of("out-" + runner));
  }

  private static Map<String, RegradeBenchmarkChild> round(
      RegradeBenchmarkChild floor, RegradeBenchmarkChild flink) {
    Map<String, RegradeBenchmarkChild> round = new LinkedHashMap<>();
    round.put("floor", floor);
    round.put("flink", flink);
    return round;
  }

  @Test
  public void orderIsReversedEveryOtherRound() {
    List<String> runners = List.of("floor", "direct", "flink");
    assertEquals(runners, RegradeBenchmarkRounds.order(runners, 1));
    assertEquals(List.of("flink", "direct", "floor"), RegradeBenchmarkRounds.order(runners, 2));
    assertEquals(runners, RegradeBenchmarkRounds.order(runners, 3));
  }

  @Test
  public void medianOfOddAndEvenCounts() {
    assertEquals(2.0, RegradeBenchmarkRounds.median(List.of(3.0, 1.0, 2.0)), 0);
    assertEquals(2.5, RegradeBenchmarkRounds.median(List.of(4.0, 1.0, 3.0, 2.0)), 0);
    assertTrue(Double.isNaN(RegradeBenchmarkRounds.median(List.of())));
  }

  @Test
  public void ratiosAreTakenWithinEachRoundAndSkipRoundsASideFailed() {
    RegradeBenchmarkRounds rounds = new RegradeBenchmarkRounds();
    rounds.add(round(child("floor", 0, 10, 20, 1000), child("flink", 0, 11, 22, 1200)));
    // a slower machine in this round: the ratio stays the round's own
    rounds.add(round(child("floor", 0, 20, 40, 2000), child("flink", 0, 30, 44, 1800)));
    rounds.add(round(child("floor", 0, 10, 20, 1000), child("flink", 1, 1, 1, 100)));

    List<Double> wall = rounds.ratios("flink", c -> c.wall().toMillis());
    assertEquals(2, wall.size());
    assertEquals(1.1, wall.get(0), 1e-9);
    assertEquals(1.5, wall.get(1), 1e-9);
    assertEquals(List.of(1.1, 1.1), rounds.ratios("flink", RegradeBenchmarkChild::cpuSeconds));
    List<Double> rss = rounds.ratios("flink", RegradeBenchmarkChild::peakRssKb);
    assertEquals(1.2, rss.get(0), 1e-9);
    assertEquals(0.9, rss.get(1), 1e-9);

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    rounds.print(List.of("floor", "flink"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out, out.contains("over 3 rounds"));
    String line = out.lines().filter(l -> l.startsWith("flink")).findFirst().orElseThrow();
    assertTrue(
        line,
        line.matches(
            "flink\\s+2\\s+1\\.30 \\[1\\.10, 1\\.50\\]\\s+1\\.10 \\[1\\.10, 1\\.10\\]\\s+1\\.05 \\[0\\.90, 1\\.20\\]"));
  }

  @Test
  public void eachRoundRunsEveryRunnerAndKeepsItsLog() throws Exception {
    Path work = tmp.newFolder("work").toPath();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code =
        RegradeBenchmark.measure(
            new String[] {
              "--samples=256",
              "--samplesPerProblem=4",
              "--runners=floor",
              "--classArchive=false",
              "--rounds=2",
              "--workDir=" + work
            },
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);

    assertEquals(out, 0, code);
    assertTrue(out, out.contains("round 1 of 2"));
    assertTrue(out, out.contains("round 2 of 2"));
    assertEquals(out, 2, out.lines().filter(l -> l.startsWith("floor ")).count());
    assertTrue(Files.size(work.resolve("floor.log")) > 0);
    assertTrue(Files.size(work.resolve("floor-2.log")) > 0);
    // no other runner: no ratios to summarise
    assertFalse(out, out.contains("ratios to the floor"));
  }

  @Test
  public void roundsMustBePositive() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code =
        RegradeBenchmark.measure(
            new String[] {"--rounds=0"}, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertEquals(2, code);
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out, out.contains("rounds"));
  }
}
