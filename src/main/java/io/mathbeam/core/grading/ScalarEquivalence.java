package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.PlusMinus;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Text;
import io.mathbeam.core.grading.Expr.Union;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides whether two scalar answers are equal: exactly, numerically within tolerance, or at random
 * points when they have variables.
 */
final class ScalarEquivalence {
  private static final double ZERO_RESIDUE = 1e-12;
  private static final Rational BILLION = Rational.of(1_000_000_000L);

  /**
   * Work units of one comparison of two scalars before any evaluation: its tree walks (infinity,
   * structure, variables, step functions, decimals) and their allocations, about 1 µs.
   */
  private static final long SCALAR_COMPARISON_UNITS = 16;

  private final WorkBudget budget;
  private final ExactEvaluator exact;
  private final RandomPoints points;

  ScalarEquivalence(WorkBudget budget, RandomPoints points) {
    this.budget = budget;
    this.exact = new ExactEvaluator(budget);
    this.points = points;
  }

  /** Whether scalars {@code a} (the answer) and {@code b} (the gold) are equal. */
  boolean same(Expr a, Expr b) {
    budget.charge(SCALAR_COMPARISON_UNITS);
    boolean infiniteA = ExprWalk.any(a, x -> x instanceof Const c && c.name().equals("infinity"));
    boolean infiniteB = ExprWalk.any(b, x -> x instanceof Const c && c.name().equals("infinity"));
    if (infiniteA || infiniteB) {
      return infiniteA && infiniteB && infinitySign(a) != 0 && infinitySign(a) == infinitySign(b);
    }
    if (!isScalar(a) || !isScalar(b)) {
      return false;
    }
    String lettersA = Labels.letters(a);
    if (lettersA != null && lettersA.length() >= 2) {
      // No and NO written in math mode: a word, case aside.
      String lettersB = Labels.letters(b);
      if (lettersB != null && lettersA.equalsIgnoreCase(lettersB)) {
        return true;
      }
    }
    Set<String> names = new TreeSet<>(ExprWalk.variables(a));
    names.addAll(ExprWalk.variables(b));
    if (names.isEmpty()) {
      return constants(a, b);
    }
    if (points.agree(a, b, names)) {
      return true;
    }
    return looselyAligned(a, b, names) || looselyAligned(b, a, names);
  }

  /** {@code x + 1.414y} = {@code x + \\sqrt{2}y}: decimals aligned with constants they round. */
  private boolean looselyAligned(Expr loose, Expr exactSide, Set<String> names) {
    if (!approximate(loose) || approximate(exactSide)) {
      return false;
    }
    Expr aligned =
        LooseDecimals.align(loose, exactSide, e -> NumericEvaluator.evaluate(e, Map.of(), budget));
    return aligned != null && points.agree(aligned, exactSide, names);
  }

  /** No lists, relations, text or unexpanded {@code \\pm} inside arithmetic ({@code 2(1,2)}). */
  static boolean isScalar(Expr e) {
    return !ExprWalk.any(
        e,
        x ->
            x instanceof PlusMinus
                || x instanceof Seq
                || x instanceof Matrix
                || x instanceof Relation
                || x instanceof Union
                || x instanceof Text);
  }

  /** +1 / -1 for a lone (possibly negated) infinity, 0 for anything else. */
  private static int infinitySign(Expr e) {
    if (e instanceof Const c && c.name().equals("infinity")) {
      return 1;
    }
    if (e instanceof Neg n) {
      return -infinitySign(n.operand());
    }
    return 0;
  }

  private boolean constants(Expr a, Expr b) {
    Rational ra = exactOrNull(a);
    Rational rb = exactOrNull(b);
    boolean approximateA = approximate(a);
    boolean approximateB = approximate(b);
    if (ra != null && rb != null) {
      if (!approximateA && !approximateB) {
        return ra.equals(rb);
      }
      // the difference, the absolute values, the scaled comparison
      budget.charge(5 * ArithmeticCost.sum(ra, rb));
      Rational diff = ra.subtract(rb).abs();
      Rational scale = ra.abs().compareTo(rb.abs()) > 0 ? ra.abs() : rb.abs();
      if (diff.multiply(BILLION).compareTo(scale) <= 0) {
        return true;
      }
      Rational looseA = approximateB ? null : LooseDecimals.literal(a);
      Rational looseB = approximateA ? null : LooseDecimals.literal(b);
      if (looseA != null || looseB != null) {
        budget.charge(ArithmeticCost.sum(ra, rb));
      }
      return looseA != null && LooseDecimals.matches(looseA, rb)
          || looseB != null && LooseDecimals.goldMatches(looseB, ra);
    }
    Map<String, Complex> none = Map.of();
    Complex va = ra != null ? reliable(ra) : NumericEvaluator.evaluate(a, none, budget);
    Complex vb = rb != null ? reliable(rb) : NumericEvaluator.evaluate(b, none, budget);
    if (va == null || vb == null) {
      throw new GradingLimitException("values outside the range the grader can compare");
    }
    // A value that is exactly zero against one computed in doubles (\sin \pi, 1 + i + i^2 + i^3):
    // rounding leaves a residue far below any answer's precision.
    boolean zero = ra != null && ra.signum() == 0 || rb != null && rb.signum() == 0;
    if (close(va, vb, zero ? ZERO_RESIDUE : 0)) {
      return true;
    }
    Rational looseA = approximateB ? null : LooseDecimals.literal(a);
    Rational looseB = approximateA ? null : LooseDecimals.literal(b);
    return looseA != null && LooseDecimals.matches(looseA, vb)
        || looseB != null && LooseDecimals.goldMatches(looseB, va);
  }

  private Rational exactOrNull(Expr e) {
    try {
      return exact.evaluate(e);
    } catch (GradingLimitException tooLarge) {
      budget.check();
      return null;
    }
  }

  private Complex reliable(Rational r) {
    budget.charge(ArithmeticCost.toDouble(r));
    double d = r.toDouble();
    double m = Math.abs(d);
    if (!Double.isFinite(d) || m > 1e280 || m != 0 && m < 1e-280 || m == 0 && r.signum() != 0) {
      return null;
    }
    return Complex.real(d);
  }

  private static boolean approximate(Expr e) {
    return ExprWalk.any(e, x -> x instanceof Num n && n.approximate());
  }

  private static boolean close(Complex a, Complex b, double absolute) {
    return a.closeTo(b, Equivalence.RELATIVE, absolute);
  }
}
