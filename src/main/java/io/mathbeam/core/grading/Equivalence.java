package io.mathbeam.core.grading;

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
 * One instance per comparison (it charges the call's {@link WorkBudget}).
 */
final class Equivalence {
  static final double RELATIVE = 1e-9;
  private static final double ZERO_RESIDUE = 1e-12;
  static final double ABSOLUTE_WITH_VARIABLES = 1e-13;
  private static final int MAX_ALTERNATIVES = 32;
  private static final Rational BILLION = Rational.of(1_000_000_000L);

  /**
   * Work units of one comparison of two scalars before any evaluation: its tree walks (infinity,
   * structure, variables, step functions, decimals) and their allocations, about 1 µs.
   */
  private static final long SCALAR_COMPARISON_UNITS = 16;

  private static final Pattern TEXT_NOISE = Pattern.compile("[\\s.,;:!?'\"`*_~{}]+");

  private final WorkBudget budget;
  private final ExactEvaluator exact;
  private final Inequalities inequalities;
  private final SetDifference differences;
  private final RandomPoints points;

  Equivalence(WorkBudget budget) {
    this.budget = budget;
    this.exact = new ExactEvaluator(budget);
    this.inequalities = new Inequalities((e, point) -> NumericEvaluator.evaluate(e, point, budget));
    this.differences = new SetDifference(this::realValue);
    this.points = new RandomPoints(budget);
  }

  /** Whether {@code answer} says the same as {@code gold} (the order matters for labels). */
  boolean equivalent(Expr answer, Expr gold) {
    return same(withDifferences(canonical(answer)), withDifferences(canonical(gold)));
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
   * Keeps the two ends of a chain of equalities ({@code x = 5+5+1 = 11} is {@code x = 11}), groups
   * labelled solutions whose names repeat ({@link Labels#groupRepeated}) and expands {@code \pm}
   * into an unordered list.
   */
  private static Expr canonical(Expr e) {
    if (e instanceof Relation r && r.op().equals("=") && r.left() instanceof Relation inner) {
      Expr first = inner;
      while (first instanceof Relation chained && chained.op().equals("=")) {
        first = chained.left();
      }
      if (!(first instanceof Relation) && isEqualityChain(r)) {
        return canonical(new Relation("=", first, r.right()));
      }
    }
    if (e instanceof Relation r && r.op().equals("=")) {
      return new Relation("=", canonical(r.left()), canonical(r.right()));
    }
    if (e instanceof Seq s && s.isBare()) {
      Seq grouped = Labels.groupRepeated(s);
      if (grouped != null) {
        return canonical(grouped);
      }
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
    if (e instanceof Seq s
        && s.open().equals("(")
        && ExprWalk.any(s, x -> x instanceof PlusMinus)) {
      // (0, \pm 2) is the two points (0, 2) and (0, -2).
      List<Expr> points = ExprWalk.expandPlusMinus(e, MAX_ALTERNATIVES);
      return points.size() == 1 ? e : new Seq("", "", List.copyOf(points));
    }
    if (e instanceof Union u && u.parts().stream().allMatch(p -> p instanceof Seq s && s.isSet())) {
      // \{1,3\} \cup \{2,4\} is the set \{1,2,3,4\}.
      List<Expr> items = new ArrayList<>();
      for (Expr part : u.parts()) {
        items.addAll(((Seq) part).items());
      }
      return canonical(new Seq("{", "}", List.copyOf(items)));
    }
    if (e instanceof Seq || e instanceof Union || e instanceof Matrix || e instanceof Text) {
      return e;
    }
    Matrix scaled = Matrices.scaled(e);
    if (scaled != null) {
      return scaled;
    }
    List<Expr> alternatives = ExprWalk.expandPlusMinus(e, MAX_ALTERNATIVES);
    return alternatives.size() == 1 ? e : new Seq("", "", List.copyOf(alternatives));
  }

  private static boolean isEqualityChain(Expr e) {
    return !(e instanceof Relation r) || r.op().equals("=") && isEqualityChain(r.left());
  }

  /**
   * {@code a} comes from the answer, {@code b} from the gold: only the answer may drop a composite
   * label.
   */
  private boolean same(Expr a, Expr b) {
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
      return a instanceof Union ua && b instanceof Union ub && unordered(ua.parts(), ub.parts());
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

  private boolean sequences(Expr a, Expr b) {
    Seq sa = a instanceof Seq s ? s : null;
    Seq sb = b instanceof Seq s ? s : null;
    if (sa == null || sb == null) {
      // A set or list of one answer, however often repeated ({2}, 5,5), is that answer.
      Seq seq = sa == null ? sb : sa;
      Expr other = sa == null ? a : b;
      if (!seq.isSet() && !seq.isBare()) {
        return false;
      }
      List<Expr> items = distinct(seq.items());
      return items.size() == 1 && (sa == null ? same(a, items.get(0)) : same(items.get(0), b));
    }
    if (sa.isBare() != sb.isBare() && (sa.open().equals("[") || sb.open().equals("["))) {
      // 1, 2 is two answers, [1, 2] an interval.
      return false;
    }
    boolean unorderedA = sa.isBare() || sa.isSet();
    boolean unorderedB = sb.isBare() || sb.isSet();
    if (sa.isBare() && sb.isBare() && Labels.distinctlyLabelled(sa) && !Labels.anyRelation(sb)) {
      // m = 8, n = 221 names which value is which: against 221, 8 the order counts.
      return ordered(sa.items(), sb.items());
    }
    if (sa.isBare() && sb.isBare() && Labels.distinctGoldLabels(sb) && !Labels.anyRelation(sa)) {
      // A gold \angle BEA_1 = 90, \angle AEB_1 = 90 asks for two values, in that order.
      return ordered(sa.items(), sb.items());
    }
    if (unorderedA && unorderedB) {
      // Lists of solutions and sets: order and repetitions do not matter.
      return unordered(distinct(sa.items()), distinct(sb.items()));
    }
    if (sa.items().size() != sb.items().size()) {
      return false;
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

  /** The items without those equivalent to an earlier one. */
  private List<Expr> distinct(List<Expr> items) {
    if (items.size() < 2) {
      return items;
    }
    List<Expr> kept = new ArrayList<>();
    for (Expr item : items) {
      boolean repeated = false;
      for (int k = 0; k < kept.size() && !repeated; k++) {
        repeated = sameOrLimit(kept.get(k), item);
      }
      if (!repeated) {
        kept.add(item);
      }
    }
    return kept;
  }

  /** Equality where an undecidable pair counts as different (used only to drop repetitions). */
  private boolean sameOrLimit(Expr a, Expr b) {
    try {
      return same(a, b);
    } catch (GradingLimitException e) {
      budget.check();
      return false;
    }
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
    List<Expr> vectorA = Matrices.vectorEntries(a);
    List<Expr> vectorB = Matrices.vectorEntries(b);
    if (vectorA != null && vectorB != null) {
      // A row and a column vector with the same entries are the same vector.
      return ordered(vectorA, vectorB);
    }
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
    if (Labels.namesFunctionValue(a) && Labels.namesFunctionValue(b)) {
      // y = 2x + 3 and f(x) = 2x + 3 name the same function value; f(x) = x and f(n) = n the
      // same function.
      return same(Labels.renamedArgument(a, b), b.right());
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
        return same(da, db)
            || same(da, new Neg(db))
            || isScalar(da) && isScalar(db) && points.proportional(da, db);
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

  private static Expr difference(Relation r) {
    return new Sum(List.of(r.left(), new Neg(r.right())));
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
    return a.closeTo(b, RELATIVE, absolute);
  }
}
