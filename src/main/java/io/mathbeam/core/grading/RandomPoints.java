package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Compares expressions with variables at seeded random points: the same points on every run and
 * machine, each evaluation charged to the grade's work budget.
 */
final class RandomPoints {
  static final int POINTS = 6;

  /** Values of an equation's constants at which a factor free of its unknowns is checked. */
  private static final int PARAMETER_GROUPS = 3;

  private static final int NEGATIVE_POINTS = 3;
  private static final long SEED = 0x6d61746862L;
  private static final Set<String> INTEGER_NAMES = Set.of("n", "m", "k", "j", "N", "M", "K");

  private final WorkBudget budget;

  RandomPoints(WorkBudget budget) {
    this.budget = budget;
  }

  /**
   * Whether {@code a} and {@code b} agree at {@link #POINTS} seeded points in [0.3, 2.9] (integers
   * 1..60 when a step function appears), then wherever both are real at negative points.
   */
  boolean agree(Expr a, Expr b, Set<String> names) {
    SplittableRandom random = new SplittableRandom(SEED);
    // Factorials and binomials need integer points; floors and ceilings points over a wide
    // range, or two different floors agree on [0.3, 2.9] by chance: integers for unknowns named
    // like integers (n, k, m), reals otherwise (at integers a floor equals the ceiling).
    boolean counting =
        ExprWalk.any(a, RandomPoints::isCounting) || ExprWalk.any(b, RandomPoints::isCounting);
    boolean steps = ExprWalk.any(a, RandomPoints::isStep) || ExprWalk.any(b, RandomPoints::isStep);
    boolean integers = counting || steps && INTEGER_NAMES.containsAll(names);
    boolean wide = steps && !integers;
    int agreed = 0;
    for (int attempt = 0; attempt < POINTS * 2 && agreed < POINTS; attempt++) {
      Map<String, Complex> point = new HashMap<>();
      for (String name : names) {
        double value =
            integers
                ? 1 + random.nextInt(60)
                : wide ? 0.3 + 59.4 * random.nextDouble() : 0.3 + 2.6 * random.nextDouble();
        point.put(name, Complex.real(value));
      }
      Complex va = NumericEvaluator.evaluate(a, point, budget);
      Complex vb = NumericEvaluator.evaluate(b, point, budget);
      if (va == null || vb == null) {
        if ((va == null) != (vb == null) && attempt >= POINTS) {
          return false;
        }
        continue;
      }
      if (!va.closeTo(vb, Equivalence.RELATIVE, Equivalence.ABSOLUTE_WITH_VARIABLES)) {
        return false;
      }
      agreed++;
    }
    if (agreed < POINTS / 2) {
      throw new GradingLimitException("could not evaluate at enough points");
    }
    return integers || agreeWhereBothReal(a, b, names, random);
  }

  private static boolean isCounting(Expr e) {
    return e instanceof Call c
        && (c.function().equals("factorial") || c.function().equals("binom"));
  }

  private static boolean isStep(Expr e) {
    return e instanceof Call c && (c.function().equals("floor") || c.function().equals("ceil"));
  }

  /**
   * Negative points, where both sides are real: {@code \sqrt{x^2}} and {@code x}, or {@code |x|}
   * and {@code x}, agree on positive numbers only. Points where a side is not real (logarithms,
   * even roots) say nothing.
   */
  private boolean agreeWhereBothReal(Expr a, Expr b, Set<String> names, SplittableRandom random) {
    for (int attempt = 0; attempt < NEGATIVE_POINTS; attempt++) {
      Map<String, Complex> point = new HashMap<>();
      // Signs mixed two ways, then all negative: |a + b| and |a| + |b| differ only when the
      // signs differ.
      int index = 0;
      for (String name : names) {
        boolean negative = attempt == NEGATIVE_POINTS - 1 || (index + attempt) % 2 == 0;
        double magnitude = 0.3 + 2.6 * random.nextDouble();
        point.put(name, Complex.real(negative ? -magnitude : magnitude));
        index++;
      }
      Complex va = NumericEvaluator.evaluate(a, point, budget);
      Complex vb = NumericEvaluator.evaluate(b, point, budget);
      if (va == null || vb == null || !va.isNearlyReal() || !vb.isNearlyReal()) {
        continue;
      }
      if (!va.closeTo(vb, Equivalence.RELATIVE, Equivalence.ABSOLUTE_WITH_VARIABLES)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Equations {@code f = 0} and {@code g = 0} with the same solutions because {@code f = c g} for a
   * constant {@code c != 0}: {@code 2x + 4y - 3 = 0} and {@code y = -x/2 + 3/4}. Checked at the
   * seeded random points; {@code y = 2x} and {@code x = 2y} differ.
   */
  boolean proportional(Expr f, Expr g) {
    Set<String> names = new TreeSet<>(ExprWalk.variables(f));
    names.addAll(ExprWalk.variables(g));
    return !names.isEmpty() && proportional(f, g, names, Map.of());
  }

  /**
   * Differential equations {@code f = 0} and {@code g = 0} with the same solutions because {@code f
   * = k g} for a factor {@code k != 0} free of the {@code unknowns} (the unknown functions and
   * their derivatives): {@code V x' + r x - rVc = 0} and {@code x' + (r/V) x - rc = 0}, whose
   * factor {@code V} is a constant of the equation. The ratio must be one value wherever only the
   * unknowns change, over several values of the other names.
   */
  boolean proportionalOver(Expr f, Expr g, Set<String> unknowns) {
    Set<String> names = new TreeSet<>(ExprWalk.variables(f));
    names.addAll(ExprWalk.variables(g));
    Set<String> parameters = new TreeSet<>(names);
    parameters.removeAll(unknowns);
    Set<String> varying = new TreeSet<>(names);
    varying.retainAll(unknowns);
    if (varying.isEmpty() || parameters.isEmpty()) {
      return false;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    for (int group = 0; group < PARAMETER_GROUPS; group++) {
      Map<String, Complex> fixed = new HashMap<>();
      for (String name : parameters) {
        fixed.put(name, Complex.real(0.3 + 2.6 * random.nextDouble()));
      }
      if (!proportionalAt(f, g, varying, fixed, random)) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code f / g} is one nonzero value over random values of {@code names}. */
  private boolean proportional(Expr f, Expr g, Set<String> names, Map<String, Complex> fixed) {
    return proportionalAt(f, g, names, fixed, new SplittableRandom(SEED));
  }

  private boolean proportionalAt(
      Expr f, Expr g, Set<String> names, Map<String, Complex> fixed, SplittableRandom random) {
    Complex ratio = null;
    int agreed = 0;
    for (int attempt = 0; attempt < POINTS * 2 && agreed < POINTS; attempt++) {
      Map<String, Complex> point = new HashMap<>(fixed);
      for (String name : names) {
        point.put(name, Complex.real(0.3 + 2.6 * random.nextDouble()));
      }
      Complex vf = NumericEvaluator.evaluate(f, point, budget);
      Complex vg = NumericEvaluator.evaluate(g, point, budget);
      if (vf == null || vg == null) {
        continue;
      }
      if (vg.abs() < Equivalence.ABSOLUTE_WITH_VARIABLES
          || vf.abs() < Equivalence.ABSOLUTE_WITH_VARIABLES) {
        if (vg.abs() < Equivalence.ABSOLUTE_WITH_VARIABLES
            && vf.abs() < Equivalence.ABSOLUTE_WITH_VARIABLES) {
          continue;
        }
        return false;
      }
      Complex r = vf.divide(vg);
      if (ratio == null) {
        ratio = r;
      } else if (!ratio.closeTo(r, Equivalence.RELATIVE, 0)) {
        return false;
      }
      agreed++;
    }
    return agreed >= POINTS / 2 + 1;
  }
}
