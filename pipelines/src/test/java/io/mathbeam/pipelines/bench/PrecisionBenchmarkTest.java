package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.Test;

public class PrecisionBenchmarkTest {
  private static String run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        new PrecisionBenchmark()
            .run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(err.toString(StandardCharsets.UTF_8), 0, code);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void aRowPerMixAndTargetAndALinePerTarget() {
    String out = run("--replications=20", "--seed=3");
    assertEquals(out, 15, out.lines().filter(l -> l.matches("^\\w+-like +\\+-\\d .*")).count());
    assertEquals(out, 45, out.lines().filter(l -> l.matches("^  (MET|MISSED) .*")).count());
    assertTrue(out, out.contains("Targets ("));
    // deterministic for a seed
    assertEquals(out, run("--replications=20", "--seed=3"));
  }

  @Test
  public void theAllocationStudyAddsItsRowsAndTargets() {
    String out = run("--replications=20", "--allocation=true");
    assertTrue(out, out.contains("Allocation (samples where they pay)"));
    // three mixes at uniform K = 4, 8, 16, 32, 64, the mix's prior and the fitted one
    assertEquals(
        out, 30, out.lines().filter(l -> l.matches("^\\w+-like .*(the mix's|fitted) .*")).count());
    assertEquals(out, 105, out.lines().filter(l -> l.matches("^  (MET|MISSED) .*")).count());
  }

  @Test
  public void unknownOptionsAreRefused() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        new PrecisionBenchmark()
            .run(
                new String[] {"--replicatoins=5"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, code);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("replicatoins"));
  }
}
