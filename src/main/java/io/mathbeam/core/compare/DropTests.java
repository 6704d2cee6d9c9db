package io.mathbeam.core.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Decides the gate's drop tests together. Each (rule, dataset) is a one-sided sign-flip test of H0
 * "delta >= -margin" on the shifted differences d_i + margin (with no margin, the exact test of the
 * comparison itself). The rules without their own alpha form one family, and Holm's step-down
 * procedure holds the chance of failing any of them falsely at the gate's alpha whatever the tests'
 * dependence (Holm 1979, "A simple sequentially rejective multiple test procedure", Scand. J.
 * Statist. 6); a rule with its own alpha is tested alone at it.
 *
 * <p>A test fails when its (Holm-adjusted) p-value is at most its level and the delta lies below
 * -margin. A rule with a margin that does not fail warns when the same decision with no margin
 * would have failed: a drop that is significant but not significantly larger than the margin.
 */
final class DropTests {
  /** One drop rule on one dataset, waiting for the family's decision. */
  record Case(int slot, NoSignificantDropRule rule, String dataset, MetricComparison comparison) {}

  private DropTests() {}

  /**
   * The results of {@code cases}, by slot, into {@code out}.
   *
   * @param detect the drop (a fraction) whose needed samples the power states; NaN for none
   */
  static void decide(
      List<Case> cases,
      double familyAlpha,
      CompareOptions options,
      double detect,
      List<RuleResult> out) {
    int count = cases.size();
    double[] beyondMargin = new double[count];
    double[] anyDrop = new double[count];
    SignFlipTest signFlips = PairedComparison.signFlips(options);
    for (int i = 0; i < count; i++) {
      Case c = cases.get(i);
      MetricComparison m = c.comparison();
      anyDrop[i] = m.pDrop();
      double margin = c.rule().margin();
      if (margin == 0) {
        beyondMargin[i] = m.pDrop();
      } else {
        double[] shifted = m.differences().values();
        for (int j = 0; j < shifted.length; j++) {
          shifted[j] += margin;
        }
        beyondMargin[i] =
            signFlips
                .test(
                    shifted, PairedComparison.flipRandom(options, c.dataset(), m.metric(), margin))
                .drop();
      }
    }
    int[] family = IntStream.range(0, count).filter(i -> cases.get(i).rule().inFamily()).toArray();
    double[] adjustedBeyond = beyondMargin.clone();
    double[] adjustedAny = anyDrop.clone();
    holm(beyondMargin, family, adjustedBeyond);
    holm(anyDrop, family, adjustedAny);
    for (int i = 0; i < count; i++) {
      Case c = cases.get(i);
      boolean inFamily = c.rule().inFamily();
      double alpha = inFamily ? familyAlpha : c.rule().ownAlpha();
      double level = inFamily ? familyAlpha / family.length : alpha;
      MetricComparison m = c.comparison();
      double margin = c.rule().margin();
      RuleStatus status = RuleStatus.PASS;
      if (adjustedBeyond[i] <= alpha && m.delta() < -margin) {
        status = RuleStatus.FAIL;
      } else if (margin > 0 && adjustedAny[i] <= alpha && m.delta() < 0) {
        status = RuleStatus.WARN;
      }
      String reason =
          reason(m, margin, beyondMargin[i], adjustedBeyond[i], inFamily, family.length, alpha)
              + (status == RuleStatus.WARN
                  ? String.format(
                      Locale.ROOT,
                      "; a significant drop (p(drop) %s) but not beyond the margin",
                      p(inFamily ? adjustedAny[i] : anyDrop[i]))
                  : "");
      out.set(
          c.slot(),
          new RuleResult(
              c.rule(),
              c.dataset(),
              status,
              (status == RuleStatus.FAIL ? "significant drop of " + m.metric() + ": " : "")
                  + reason,
              DetectionPower.of(m, level, margin, detect)));
    }
  }

  private static String reason(
      MetricComparison m,
      double margin,
      double p,
      double adjusted,
      boolean inFamily,
      int familySize,
      double alpha) {
    StringBuilder out =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "delta %+.2f points [%+.2f, %+.2f]",
                100 * m.delta(),
                100 * m.ciLower(),
                100 * m.ciUpper()));
    out.append(margin > 0 ? ", p(drop > " + points(margin) + " points) = " : ", p(drop) = ");
    out.append(p(p));
    if (inFamily) {
      out.append(
          String.format(
              Locale.ROOT,
              ", Holm-adjusted over %d test%s %s",
              familySize,
              familySize == 1 ? "" : "s",
              p(adjusted)));
    }
    out.append(adjusted <= alpha ? " <= " : " > ").append("alpha ").append(alpha);
    return out.toString();
  }

  /** A fraction in points, without trailing zeros: 0.02 is "2", 0.015 is "1.5". */
  static String points(double fraction) {
    return new BigDecimal(100 * fraction)
        .round(new MathContext(4))
        .stripTrailingZeros()
        .toPlainString();
  }

  private static String p(double p) {
    return String.format(Locale.ROOT, "%.4g", p);
  }

  /**
   * Holm's adjusted p-values of the members of {@code family} into {@code adjusted}: sorted
   * ascending, the j-th (from 0) is max over i <= j of min(1, (m - i) p_(i)). Rejecting where the
   * adjusted value is at most alpha is the step-down procedure.
   */
  static void holm(double[] p, int[] family, double[] adjusted) {
    int m = family.length;
    Integer[] order = Arrays.stream(family).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingDouble((Integer i) -> p[i]));
    double running = 0;
    for (int j = 0; j < m; j++) {
      running = Math.max(running, Math.min(1, (m - j) * p[order[j]]));
      adjusted[order[j]] = running;
    }
  }
}
