package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Text;
import io.mathbeam.core.grading.Expr.Union;
import io.mathbeam.core.grading.Expr.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Decides whether two parsed answers are the same, with no false positives as the aim.
 *
 * <ul>
 *   <li>Constants: exact rational arithmetic first; written decimals then match within a relative
 *       1e-9, pure integers and fractions must be exactly equal. Otherwise (roots, pi, e, complex
 *       numbers) complex doubles with a relative tolerance of 1e-9; a final value outside
 *       1e-280..1e280, an overflow or an underflow makes the comparison undecidable ({@link
 *       GradingLimitException}). A lone decimal literal also matches an exact value without a
 *       finite decimal form that it rounds or truncates ({@link LooseDecimals}).
 *   <li>Expressions with variables: evaluated at {@link RandomPoints#POINTS} seeded random points
 *       in [0.3, 2.9] (integers 1..60 when floor, ceil, factorial or binomial appear); all must
 *       agree (relative 1e-9, absolute 1e-13). Decimal literals aligned with constants at the same
 *       place of the other tree are loose decimals too ({@code x + 1.414y} = {@code x +
 *       \sqrt{2}y}).
 *   <li>Bare comma lists and sets are unordered; tuples, intervals and matrices ordered with the
 *       same brackets; a one-row or one-column matrix equals a tuple of its entries; {@code \pm}
 *       expands to both signs; {@code x = 3}, {@code 3 = x} and {@code f(x) = 3} count as {@code
 *       3}; an inequality in one variable equals its interval ({@code x > 3} = {@code (3,\infty)});
 *       other relations match by both sides (or mirrored, or for {@code =} by {@code lhs - rhs} up
 *       to sign).
 * </ul>
 *
 * One instance per comparison (it charges the call's {@link WorkBudget}). It dispatches on the
 * kinds of the two answers; {@link CanonicalAnswers} prepares them, {@link ScalarEquivalence} and
 * {@link CollectionEquivalence} compare scalars and collections.
 */
final class Equivalence {
  static final double RELATIVE = 1e-9;
  static final double ABSOLUTE_WITH_VARIABLES = 1e-13;

  private static final Pattern TEXT_NOISE = Pattern.compile("[\\s.,;:!?'\"`*_~{}]+");

  private final WorkBudget budget;
  private final Inequalities inequalities;
  private final SetDifference differences;
  private final RandomPoints points;
  private final ScalarEquivalence scalars;
  private final CollectionEquivalence collections;

  Equivalence(WorkBudget budget) {
    this.budget = budget;
    this.inequalities = new Inequalities((e, point) -> NumericEvaluator.evaluate(e, point, budget));
    this.differences = new SetDifference(this::realValue);
    this.points = new RandomPoints(budget);
    this.scalars = new ScalarEquivalence(budget, points);
    this.collections = new CollectionEquivalence(this, budget);
  }

  /** Whether {@code answer} says the same as {@code gold} (the order matters for labels). */
  boolean equivalent(Expr answer, Expr gold) {
    return same(
        withDifferences(CanonicalAnswers.of(answer)), withDifferences(CanonicalAnswers.of(gold)));
  }

  /** A set difference ({@link SetDifference}) replaced by the set it leaves. */
  private Expr withDifferences(Expr e) {
    if (e instanceof Relation || e instanceof Text || e instanceof Matrix) {
      return e;
    }
    Expr set = differences.of(e);
    return set == null ? e : set;
  }

  private Double realValue(Expr e) {
    if (!ExprWalk.variables(e).isEmpty()) {
      return null;
    }
    Complex v = NumericEvaluator.evaluate(e, Map.of(), budget);
    return v == null || !v.isNearlyReal() ? null : v.re();
  }

  /**
   * {@code a} comes from the answer, {@code b} from the gold: only the answer may drop a composite
   * label.
   */
  boolean same(Expr a, Expr b) {
    budget.charge(1);
    if (a.equals(b)) {
      return true;
    }
    if (a instanceof Relation && !(b instanceof Relation)) {
      Expr value = Labels.answerValue(a);
      if (value != null && same(value, b)) {
        return true;
      }
    }
    if (b instanceof Relation && !(a instanceof Relation)) {
      Expr value = Labels.goldValue(b);
      if (value != null && same(a, value)) {
        return true;
      }
    }
    if (a instanceof Text || b instanceof Text) {
      String lettersA = a instanceof Text ta ? ta.text() : Labels.letters(a);
      String lettersB = b instanceof Text tb ? tb.text() : Labels.letters(b);
      return lettersA != null && lettersB != null && textEquals(lettersA, lettersB);
    }
    Expr setA = alternativesAsUnion(a);
    Expr setB = alternativesAsUnion(b);
    if (setA != null || setB != null) {
      return same(setA == null ? a : setA, setB == null ? b : setB);
    }

    if (a instanceof Relation && (b instanceof Seq || b instanceof Union)) {
      Expr set = inequalities.asSet(a);
      return set != null && same(set, b);
    }
    if (b instanceof Relation && (a instanceof Seq || a instanceof Union)) {
      Expr set = inequalities.asSet(b);
      return set != null && same(a, set);
    }
    if (a instanceof Union || b instanceof Union) {
      return a instanceof Union ua
          && b instanceof Union ub
          && collections.unordered(ua.parts(), ub.parts());
    }
    if (a instanceof Matrix m && b instanceof Seq s) {
      return collections.vectorEqualsTuple(m, s);
    }
    if (b instanceof Matrix m && a instanceof Seq s) {
      return collections.vectorEqualsTuple(m, s);
    }
    if (a instanceof Seq || b instanceof Seq) {
      return collections.sequences(a, b);
    }
    if (a instanceof Matrix || b instanceof Matrix) {
      return a instanceof Matrix ma && b instanceof Matrix mb && collections.matrices(ma, mb);
    }
    if (a instanceof Relation || b instanceof Relation) {
      return a instanceof Relation ra && b instanceof Relation rb && relations(ra, rb);
    }
    return scalars.same(a, b);
  }

  /**
   * Text answers: equal ignoring case, spaces and punctuation ({@code Tuesday.} = {@code tuesday}).
   */
  static boolean textEquals(String a, String b) {
    if (a.indexOf('=') > 0 && a.indexOf('=') == a.lastIndexOf('=') && b.indexOf('=') > 0) {
      // MR=SRMC and SRMC = MR.
      String swapped = a.substring(a.indexOf('=') + 1) + "=" + a.substring(0, a.indexOf('='));
      if (plainTextEquals(swapped, b)) {
        return true;
      }
    }
    return plainTextEquals(a, b);
  }

  private static boolean plainTextEquals(String a, String b) {
    return TEXT_NOISE
        .matcher(a)
        .replaceAll("")
        .toLowerCase(Locale.ROOT)
        .equals(TEXT_NOISE.matcher(b).replaceAll("").toLowerCase(Locale.ROOT));
  }

  /**
   * Inequalities joined by "or" ({@code x < -1, x > 1} once "or" became a comma) as the union of
   * their sets; null for anything else.
   */
  private Expr alternativesAsUnion(Expr e) {
    if (!(e instanceof Seq s) || !s.isBare() || s.items().size() < 2) {
      return null;
    }
    List<Expr> parts = new ArrayList<>();
    for (Expr item : s.items()) {
      if (!(item instanceof Relation r) || r.op().equals("=") || r.op().equals("ne")) {
        return null;
      }
      Expr set = inequalities.asSet(item);
      if (set == null) {
        return null;
      }
      if (set instanceof Union u) {
        parts.addAll(u.parts());
      } else {
        parts.add(set);
      }
    }
    return new Union(List.copyOf(parts));
  }

  private boolean relations(Relation a, Relation b) {
    if (Labels.namesFunctionValue(a) && Labels.namesFunctionValue(b)) {
      // y = 2x + 3 and f(x) = 2x + 3 name the same function value; f(x) = x and f(n) = n the
      // same function.
      return same(Labels.renamedArgument(a, b), b.right());
    }
    if (a.op().equals("=")
        && b.op().equals("=")
        && a.left() instanceof Var la
        && b.left() instanceof Var lb
        && Labels.sameQuantity(la.name(), lb.name())) {
      // m_{\max} = n^2 - n - 1 and m = n^2 - n - 1: the largest m, named with or without the word
      return same(a.right(), b.right());
    }
    if (a.op().equals(b.op())) {
      if (same(a.left(), b.left()) && same(a.right(), b.right())) {
        return true;
      }
      if (a.op().equals("=") || a.op().equals("ne")) {
        if (same(a.left(), b.right()) && same(a.right(), b.left())) {
          return true;
        }
        Expr da = difference(a);
        Expr db = difference(b);
        if (same(da, db) || same(da, new Neg(db))) {
          return true;
        }
        if (!ScalarEquivalence.isScalar(da) || !ScalarEquivalence.isScalar(db)) {
          return false;
        }
        if (points.proportional(da, db)) {
          return true;
        }
        // a differential equation times one of its constants (m v' + b v = f and v' = (f - bv)/m)
        Set<String> unknowns = unknownFunctions(a, b);
        return !unknowns.isEmpty() && points.proportionalOver(da, db, unknowns);
      }
    }
    String mirrored = Inequalities.mirror(a.op());
    if (mirrored != null
        && mirrored.equals(b.op())
        && same(a.left(), b.right())
        && same(a.right(), b.left())) {
      return true;
    }
    if (!ExprWalk.variables(a).equals(ExprWalk.variables(b))) {
      // x < 3 and y < 3 describe the same numbers, but not the same unknown.
      return false;
    }
    Expr setA = inequalities.asSet(a);
    Expr setB = setA == null ? null : inequalities.asSet(b);
    return setB != null && same(setA, setB);
  }

  /**
   * The unknown functions of a differential equation and their derivatives: every name whose stem
   * (the name without its primes) is written with a prime on either side ({@code x} and {@code x'},
   * {@code v_o} and {@code v_o''}); empty when neither has a derivative.
   */
  private static Set<String> unknownFunctions(Relation a, Relation b) {
    Set<String> names = new TreeSet<>(ExprWalk.variables(a));
    names.addAll(ExprWalk.variables(b));
    Set<String> stems = new TreeSet<>();
    for (String name : names) {
      if (name.endsWith("'")) {
        stems.add(stem(name));
      }
    }
    Set<String> unknowns = new TreeSet<>();
    for (String name : names) {
      if (stems.contains(stem(name))) {
        unknowns.add(name);
      }
    }
    return unknowns;
  }

  private static String stem(String name) {
    int end = name.length();
    while (end > 0 && name.charAt(end - 1) == '\'') {
      end--;
    }
    return name.substring(0, end);
  }

  private static Expr difference(Relation r) {
    return new Sum(List.of(r.left(), new Neg(r.right())));
  }
}
