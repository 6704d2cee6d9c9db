package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.Test;

/** {@code bench-gate} in-process at tiny sizes: its tables, its targets, its determinism. */
public class GateBenchmarkTest {
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private String run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code =
        new GateBenchmark()
            .run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(err.toString(StandardCharsets.UTF_8), 0, code);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void printsEveryTableAndATargetsBlockAndThePerRuleGateFailsAtLeastAsOften() {
    String report = run("--replications=30", "--nights=20", "--bootstrap=200");
    for (String header :
        new String[] {
          "Part 1: coverage of the 95% intervals",
          "mix             K  metric      truth %    now %  before %  half-width now",
          "Monte Carlo standard error of a coverage near 95%",
          "Part 2: simulated nights",
          "any FAIL, default gate",
          "true delta",
          "detected (default)",
          "interval and test agree",
          "delta interval holds the true delta",
          "targets (",
        }) {
      assertTrue(header + " in\n" + report, report.contains(header));
    }
    // one coverage target per (mix, K, metric): 3 mixes x (2 at K = 1, 3 at each other K), less
    // gpqa-like pass@64, whose truth lies within 1e-6 of 100% (no target)
    assertEquals(report, 32, count(report, "\\n  (MET|MISSED) +coverage now "));
    // A/A false alarms, math500 detection, interval-test agreement, delta coverage
    assertEquals(report, 36, count(report, "\\n  (MET|MISSED) "));
    assertTrue(report, report.contains("gpqa-like      64  maj@64"));

    // Holm's family fails a subset of the datasets that the tests alone at 0.05 fail, night by
    // night, so the per-rule gate's share of nights with a failure is never below the default's.
    Matcher aa =
        Pattern.compile("A/A K=8 +20 +([0-9.]+)% \\(SE [0-9.]+\\) +([0-9.]+)% ").matcher(report);
    assertTrue(report, aa.find());
    assertTrue(report, Double.parseDouble(aa.group(2)) >= Double.parseDouble(aa.group(1)));
  }

  @Test
  public void theSameSeedGivesTheSameFigures() {
    String[] args = {"--only=coverage", "--replications=12", "--bootstrap=50", "--seed=7"};
    String first = withoutTimes(run(args));
    assertTrue(first, first.contains("aime-like"));
    assertTrue(first, !first.contains("Part 2"));
    assertEquals(first, withoutTimes(run(args)));
    String other = withoutTimes(run("--only=coverage", "--replications=12", "--bootstrap=50"));
    assertTrue("another seed, other figures", !first.equals(other));
  }

  @Test
  public void aBadOptionIsRefusedWithExitCode2() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
    assertEquals(2, new GateBenchmark().run(new String[] {"--only=everything"}, stream, stream));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("--only takes coverage or nights"));
    assertEquals(2, new GateBenchmark().run(new String[] {"--nigths=5"}, stream, stream));
  }

  private static int count(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  private static String withoutTimes(String report) {
    return report
        .lines()
        .filter(l -> !l.contains(" took ") && !l.startsWith("bench-gate:"))
        .collect(Collectors.joining("\n"));
  }
}
