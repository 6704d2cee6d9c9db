package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.PlusMinus;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Text;
import io.mathbeam.core.grading.Expr.Union;
import io.mathbeam.core.grading.Expr.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
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
 *   <li>Expressions with variables: evaluated at {@link #POINTS} seeded random points in [0.3, 2.9]
 *       (integers 1..60 when floor, ceil, factorial or binomial appear); all must agree (relative
 *       1e-9, absolute 1e-13). Decimal literals aligned with constants at the same place of the
 *       other tree are loose decimals too ({@code x + 1.414y} = {@code x + \sqrt{2}y}).
 *   <li>Bare comma lists and sets are unordered; tuples, intervals and matrices ordered with the
 *       same brackets; a one-row or one-column matrix equals a tuple of its entries; {@code \pm}
 *       expands to both signs; {@code x = 3}, {@code 3 = x} and {@code f(x) = 3} count as {@code
 *       3}; an inequality in one variable equals its interval ({@code x > 3} = {@code (3,\infty)});
 *       other relations match by both sides (or mirrored, or for {@code =} by {@code lhs - rhs} up
 *       to sign).
 * </ul>
 *
 * One instance per comparison (it charges the call's {@link WorkBudget}).
 */
final class Equivalence {
  static final int POINTS = 6;
  private static final long SEED = 0x6d61746862L;
  private static final double RELATIVE = 1e-9;
  private static final double ABSOLUTE_WITH_VARIABLES = 1e-13;
  private static final int MAX_ALTERNATIVES = 32;
  private static final Rational BILLION = Rational.of(1_000_000_000L);

  /**
   * Work units of one comparison of two scalars before any evaluation: its tree walks (infinity,
   * structure, variables, step functions, decimals) and their allocations, about 1 µs.
   */
  private static final long SCALAR_COMPARISON_UNITS = 16;

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private final WorkBudget budget;
  private final ExactEvaluator exact;

  Equivalence(WorkBudget budget) {
    this.budget = budget;
    this.exact = new ExactEvaluator(budget);
  }

  boolean equivalent(Expr a, Expr b) {
    return same(canonical(a), canonical(b));
  }

  /** Drops {@code x =} / {@code f(x) =} and expands {@code \pm} into an unordered list. */
  private static Expr canonical(Expr e) {
    if (e instanceof Relation r
        && r.op().equals("=")
        && isName(r.left())
        && !(r.right() instanceof Relation)) {
      return canonical(r.right());
    }
    if (e instanceof Relation r
        && r.op().equals("=")
        && isName(r.right())
        && !(r.left() instanceof Relation)) {
      return canonical(r.left());
    }
    if (e instanceof Seq s && (s.isBare() || s.isSet())) {
      List<Expr> items = new ArrayList<>();
      for (Expr item : s.items()) {
        Expr c = canonical(item);
        if (c instanceof Seq inner && inner.isBare()) {
          items.addAll(inner.items());
        } else {
          items.add(c);
        }
      }
      return new Seq(s.open(), s.close(), List.copyOf(items));
    }
    if (e instanceof Seq || e instanceof Union || e instanceof Matrix || e instanceof Text) {
      return e;
    }
    List<Expr> alternatives = ExprWalk.expandPlusMinus(e, MAX_ALTERNATIVES);
    return alternatives.size() == 1 ? e : new Seq("", "", List.copyOf(alternatives));
  }

  private static boolean isName(Expr e) {
    if (e instanceof Var) {
      return true;
    }
    return e instanceof Call c
        && c.function().startsWith("apply:")
        && c.args().stream().allMatch(arg -> arg instanceof Var);
  }

  private boolean same(Expr a, Expr b) {
    budget.charge(1);
    if (a.equals(b)) {
      return true;
    }
    if (a instanceof Text || b instanceof Text) {
      return a instanceof Text ta && b instanceof Text tb && textEquals(ta.text(), tb.text());
    }
    if (a instanceof Union || b instanceof Union) {
      return a instanceof Union ua && b instanceof Union ub && unordered(ua.parts(), ub.parts());
    }
    if (a instanceof Relation && (b instanceof Seq || b instanceof Union)) {
      Seq interval = Inequalities.asInterval(a);
      return interval != null && same(interval, b);
    }
    if (b instanceof Relation && (a instanceof Seq || a instanceof Union)) {
      Seq interval = Inequalities.asInterval(b);
      return interval != null && same(a, interval);
    }
    if (a instanceof Matrix m && b instanceof Seq s) {
      return vectorEqualsTuple(m, s);
    }
    if (b instanceof Matrix m && a instanceof Seq s) {
      return vectorEqualsTuple(m, s);
    }
    if (a instanceof Seq || b instanceof Seq) {
      return sequences(a, b);
    }
    if (a instanceof Matrix || b instanceof Matrix) {
      return a instanceof Matrix ma && b instanceof Matrix mb && matrices(ma, mb);
    }
    if (a instanceof Relation || b instanceof Relation) {
      return a instanceof Relation ra && b instanceof Relation rb && relations(ra, rb);
    }
    return scalars(a, b);
  }

  static boolean textEquals(String a, String b) {
    return WHITESPACE
        .matcher(a)
        .replaceAll("")
        .toLowerCase(Locale.ROOT)
        .equals(WHITESPACE.matcher(b).replaceAll("").toLowerCase(Locale.ROOT));
  }

  private boolean sequences(Expr a, Expr b) {
    Seq sa = a instanceof Seq s ? s : null;
    Seq sb = b instanceof Seq s ? s : null;
    if (sa == null || sb == null) {
      Seq seq = sa == null ? sb : sa;
      Expr other = sa == null ? a : b;
      return seq.isSet() && seq.items().size() == 1 && same(seq.items().get(0), other);
    }
    if (sa.items().size() != sb.items().size()) {
      return false;
    }
    boolean unorderedA = sa.isBare() || sa.isSet();
    boolean unorderedB = sb.isBare() || sb.isSet();
    if (unorderedA && unorderedB) {
      return unordered(sa.items(), sb.items());
    }
    if (!sa.isBare()
        && !sb.isBare()
        && !(sa.open().equals(sb.open()) && sa.close().equals(sb.close()))) {
      return false;
    }
    if (sa.isSet() || sb.isSet()) {
      return false;
    }
    return ordered(sa.items(), sb.items());
  }

  private boolean ordered(List<Expr> a, List<Expr> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!same(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  private boolean unordered(List<Expr> a, List<Expr> b) {
    if (a.size() != b.size()) {
      return false;
    }
    boolean[] used = new boolean[b.size()];
    for (Expr x : a) {
      boolean found = false;
      for (int j = 0; j < b.size() && !found; j++) {
        if (!used[j] && same(x, b.get(j))) {
          used[j] = true;
          found = true;
        }
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  /** A one-row or one-column matrix equals a tuple or list of the same entries in order. */
  private boolean vectorEqualsTuple(Matrix m, Seq s) {
    String brackets = s.open() + s.close();
    if (!s.isBare() && !brackets.equals("()") && !brackets.equals("[]")) {
      return false;
    }
    List<Expr> entries;
    if (m.rows().size() == 1) {
      entries = m.rows().get(0);
    } else {
      entries = new ArrayList<>();
      for (List<Expr> row : m.rows()) {
        if (row.size() != 1) {
          return false;
        }
        entries.add(row.get(0));
      }
    }
    return ordered(entries, s.items());
  }

  private boolean matrices(Matrix a, Matrix b) {
    if (a.rows().size() != b.rows().size()) {
      return false;
    }
    for (int i = 0; i < a.rows().size(); i++) {
      if (!ordered(a.rows().get(i), b.rows().get(i))) {
        return false;
      }
    }
    return true;
  }

  private boolean relations(Relation a, Relation b) {
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
        return same(da, db) || same(da, new Neg(db));
      }
      return false;
    }
    String mirrored = mirror(a.op());
    return mirrored != null
        && mirrored.equals(b.op())
        && same(a.left(), b.right())
        && same(a.right(), b.left());
  }

  private static Expr difference(Relation r) {
    return new Sum(List.of(r.left(), new Neg(r.right())));
  }

  private static String mirror(String op) {
    return switch (op) {
      case "<" -> ">";
      case ">" -> "<";
      case "le" -> "ge";
      case "ge" -> "le";
      default -> null;
    };
  }

  private boolean scalars(Expr a, Expr b) {
    budget.charge(SCALAR_COMPARISON_UNITS);
    boolean infiniteA = ExprWalk.any(a, x -> x instanceof Const c && c.name().equals("infinity"));
    boolean infiniteB = ExprWalk.any(b, x -> x instanceof Const c && c.name().equals("infinity"));
    if (infiniteA || infiniteB) {
      return infiniteA && infiniteB && infinitySign(a) != 0 && infinitySign(a) == infinitySign(b);
    }
    if (!isScalar(a) || !isScalar(b)) {
      return false;
    }
    Set<String> names = new TreeSet<>(ExprWalk.variables(a));
    names.addAll(ExprWalk.variables(b));
    if (names.isEmpty()) {
      return constants(a, b);
    }
    if (atRandomPoints(a, b, names)) {
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
    return aligned != null && atRandomPoints(aligned, exactSide, names);
  }

  /** No lists, relations, text or unexpanded {@code \\pm} inside arithmetic ({@code 2(1,2)}). */
  private static boolean isScalar(Expr e) {
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
          || looseB != null && LooseDecimals.matches(looseB, ra);
    }
    Map<String, Complex> none = Map.of();
    Complex va = ra != null ? reliable(ra) : NumericEvaluator.evaluate(a, none, budget);
    Complex vb = rb != null ? reliable(rb) : NumericEvaluator.evaluate(b, none, budget);
    if (va == null || vb == null) {
      throw new GradingLimitException("values outside the range the grader can compare");
    }
    if (close(va, vb, 0)) {
      return true;
    }
    Rational looseA = approximateB ? null : LooseDecimals.literal(a);
    Rational looseB = approximateA ? null : LooseDecimals.literal(b);
    return looseA != null && LooseDecimals.matches(looseA, vb)
        || looseB != null && LooseDecimals.matches(looseB, va);
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

  private boolean atRandomPoints(Expr a, Expr b, Set<String> names) {
    SplittableRandom random = new SplittableRandom(SEED);
    // Step functions (floor, ceil, factorials) need integer points over a wide range, or two
    // different floors agree on [0.3, 2.9] by chance.
    boolean integers =
        ExprWalk.any(a, Equivalence::isStepFunction)
            || ExprWalk.any(b, Equivalence::isStepFunction);
    int agreed = 0;
    for (int attempt = 0; attempt < POINTS * 2 && agreed < POINTS; attempt++) {
      Map<String, Complex> point = new HashMap<>();
      for (String name : names) {
        double value = integers ? 1 + random.nextInt(60) : 0.3 + 2.6 * random.nextDouble();
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
      if (!close(va, vb, ABSOLUTE_WITH_VARIABLES)) {
        return false;
      }
      agreed++;
    }
    if (agreed < POINTS / 2) {
      throw new GradingLimitException("could not evaluate at enough points");
    }
    return true;
  }

  private static boolean isStepFunction(Expr e) {
    return e instanceof Call c
        && Set.of("floor", "ceil", "factorial", "binom").contains(c.function());
  }

  private static boolean close(Complex a, Complex b, double absolute) {
    double diff = a.subtract(b).abs();
    return diff <= RELATIVE * Math.max(a.abs(), b.abs()) + absolute;
  }
}
