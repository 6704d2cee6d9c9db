package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MetricName;
import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * What the drop test of one gated dataset and metric can detect, from the observed per-problem
 * differences: the smallest drop it catches with {@value #POWER} probability, and the samples per
 * problem it would need to catch a drop the user names. A normal approximation of the test: it
 * fails when (delta + margin) / SE < -z(1 - level), so a true drop D is caught with probability
 * Phi((D - margin) / SE - z(1 - level)).
 *
 * @param level the one-sided level at which this test alone would fail: alpha / m in a family of m
 *     tests (Holm's first step, where a single real drop among unchanged datasets is judged), the
 *     rule's own alpha outside a family
 * @param standardError the standard error of the delta: sqrt(S^2 / N) of the differences; for
 *     pass@1 runs with identical samples (S = 0, as seeded deterministic serving of an unchanged
 *     model gives) what the samples' noise alone gives, since a changed model's samples would carry
 *     it; 0 when nothing varies, and then the smallest drop is NaN
 * @param margin the rule's margin, a fraction (0.02 for 2 points)
 * @param smallestDrop the drop (a positive fraction) caught with {@value #POWER} probability
 * @param detect the drop the user asked about (a fraction), NaN when none
 * @param samplesNow the smallest number of samples of a problem in either run
 * @param samplesNeeded samples per problem in each run to catch {@code detect} with {@value #POWER}
 *     probability (rounded up); infinite when no number of samples does (more problems are needed,
 *     or the drop is not above the margin); NaN when not asked, or not known (a metric other than
 *     pass@1, or single-sample problems)
 */
public record DetectionPower(
    MetricName metric,
    double level,
    double standardError,
    double margin,
    double smallestDrop,
    double detect,
    int samplesNow,
    double samplesNeeded) {
  public static final double POWER = 0.8;
  private static final NormalDistribution NORMAL = new NormalDistribution();

  /** The power figures of {@code comparison}'s differences for a test at {@code level}. */
  static DetectionPower of(
      MetricComparison comparison, double level, double margin, double detect) {
    PairedDifferences differences = comparison.differences();
    double z =
        NORMAL.inverseCumulativeProbability(1 - level) + NORMAL.inverseCumulativeProbability(POWER);
    double se = comparison.standardError();
    if (se == 0 && differences.hasWithinSplit()) {
      se = differences.samplingStandardError();
    }
    double needed = Double.NaN;
    if (!Double.isNaN(detect)) {
      if (detect <= margin) {
        needed = Double.POSITIVE_INFINITY;
      } else {
        needed = Math.ceil(differences.samplesFor((detect - margin) / z));
      }
    }
    return new DetectionPower(
        comparison.metric(),
        level,
        se,
        margin,
        se > 0 ? margin + z * se : Double.NaN,
        detect,
        differences.samples(),
        needed);
  }

  /**
   * One line for reports, e.g. "pass@1: catches a drop of 2.3 points or more with 80% probability
   * (one-sided level 0.00625, SE 0.71 points); to catch 1.0 point: 40 samples per problem (now 8)".
   */
  public String describe() {
    if (Double.isNaN(smallestDrop)) {
      return metric
          + ": power not known: every problem's difference is 0 and no sampling noise can be"
          + " estimated from these runs";
    }
    StringBuilder out =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s: catches a drop of %.1f points or more with %.0f%% probability (one-sided"
                    + " level %.3g, SE %.2f points%s)",
                metric,
                100 * smallestDrop,
                100 * POWER,
                level,
                100 * standardError,
                margin > 0
                    ? String.format(Locale.ROOT, ", margin %.1f points", 100 * margin)
                    : ""));
    if (!Double.isNaN(detect)) {
      out.append(String.format(Locale.ROOT, "; to catch %.1f points: ", 100 * detect));
      if (Double.isNaN(samplesNeeded)) {
        out.append(
            samplesNow < 2 && metric.equals(MetricName.pass(1))
                ? "unknown with one sample per problem"
                : "known for pass@1 only");
      } else if (Double.isInfinite(samplesNeeded)) {
        out.append(
            detect <= margin
                ? "not above the margin, never a failure"
                : "no number of samples suffices on these problems (more problems needed)");
      } else {
        out.append(
            String.format(
                Locale.ROOT,
                "%d samples per problem (now %d)",
                (long) Math.max(1, samplesNeeded),
                samplesNow));
      }
    }
    return out.toString();
  }
}
