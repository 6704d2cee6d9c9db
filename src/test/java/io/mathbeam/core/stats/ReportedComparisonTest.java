package io.mathbeam.core.stats;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;

import java.util.List;
import org.junit.Test;

public class ReportedComparisonTest {
  @Test
  public void marksInsideOutsideAndNotComputed() throws Exception {
    IntervalReport ours =
        new IntervalReport(
            List.of(
                new MetricInterval("aime", MetricName.pass(1), 0.40, 0.05, 0.30, 0.50, 30),
                new MetricInterval(
                    ProblemIntervals.MICRO, MetricName.maj(4), 0.6, 0.02, 0.56, 0.64, 530)));
    List<ReportedValue> reported =
        ReportedValues.parse(
            "dataset,metric,value,source\n"
                + "aime,pass@1,43.3,paper\n"
                + "aime,pass@1,0.55,blog\n"
                + "aime,maj@64,0.5,paper\n"
                + "_micro,maj@4,60%,x\n",
            "inline.csv");
    List<ComparisonRow> rows = ReportedComparison.compare(reported, ours);
    assertEquals(4, rows.size());
    assertEquals(ComparisonStatus.INSIDE_CI, rows.get(0).status());
    assertEquals(0.40 - 0.433, rows.get(0).delta().getAsDouble(), 1e-12);
    assertEquals(ComparisonStatus.OUTSIDE_CI, rows.get(1).status());
    assertEquals(-0.15, rows.get(1).delta().getAsDouble(), 1e-12);
    assertEquals(ComparisonStatus.NOT_COMPUTED, rows.get(2).status());
    assertNull(rows.get(2).ours());
    assertFalse(rows.get(2).delta().isPresent());
    assertEquals("paper", rows.get(2).reported().source());
    assertEquals(ComparisonStatus.INSIDE_CI, rows.get(3).status());
  }

  @Test
  public void comparesAgainstARealBootstrap() throws Exception {
    List<ProblemVotes> problems = SimulatedVotes.dataset("sim", 60, 8, 3);
    IntervalReport ours = new ProblemIntervals().run(problems);
    MetricInterval pass1 = ours.find("sim", MetricName.pass(1)).orElseThrow();
    List<ReportedValue> reported =
        List.of(
            new ReportedValue("sim", MetricName.pass(1), pass1.point(), "", 1),
            new ReportedValue("sim", MetricName.pass(1), pass1.upper() + 0.01, "", 2));
    List<ComparisonRow> rows = ReportedComparison.compare(reported, ours);
    assertEquals(ComparisonStatus.INSIDE_CI, rows.get(0).status());
    assertEquals(ComparisonStatus.OUTSIDE_CI, rows.get(1).status());
    assertEquals(pass1, rows.get(1).ours());
  }
}
