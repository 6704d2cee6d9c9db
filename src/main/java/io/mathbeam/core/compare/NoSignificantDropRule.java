package io.mathbeam.core.compare;

import io.mathbeam.core.stats.MetricName;
import java.util.Locale;

/**
 * Fails when the candidate is significantly worse than the baseline by more than {@code margin}:
 * the one-sided sign-flip test of H0 "delta >= -margin" rejects. By default the rule joins the
 * gate's family of drop tests, whose chance of any false failure is held at the gate's alpha by
 * Holm's step-down ({@link Verdict}); with its own {@code alpha} it is tested alone at that level.
 *
 * @param margin how large a drop matters, a fraction (0.02 for 2 points); drops that are
 *     significant but not significantly beyond it are warnings
 * @param ownAlpha the rule's own level, or null to join the family
 */
public record NoSignificantDropRule(
    String dataset, MetricName metric, double margin, Double ownAlpha) implements GateRule {

  public NoSignificantDropRule {
    if (!(margin >= 0 && margin < 1)) {
      throw new IllegalArgumentException("margin must be in [0, 1), got " + margin);
    }
    if (ownAlpha != null && !(ownAlpha > 0 && ownAlpha < 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1), got " + ownAlpha);
    }
  }

  /** A rule of the gate's family, without a margin. */
  public static NoSignificantDropRule familyWise(String dataset, MetricName metric) {
    return new NoSignificantDropRule(dataset, metric, 0, null);
  }

  /** A rule tested alone at {@code alpha}, without a margin. */
  public static NoSignificantDropRule perRule(String dataset, MetricName metric, double alpha) {
    return new NoSignificantDropRule(dataset, metric, 0, alpha);
  }

  public boolean inFamily() {
    return ownAlpha == null;
  }

  @Override
  public String describe() {
    String level =
        inFamily() ? "family-wise alpha" : String.format(Locale.ROOT, "alpha %s", ownAlpha);
    return margin > 0
        ? String.format(
            Locale.ROOT, "%s no significant drop beyond %s points (%s)", metric, points(), level)
        : String.format(Locale.ROOT, "%s no significant drop (%s)", metric, level);
  }

  private String points() {
    return DropTests.points(margin);
  }
}
