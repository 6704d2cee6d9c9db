package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Union;
import io.mathbeam.core.grading.Expr.Var;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads an inequality in one unknown as the set it describes: {@code x > 3} is {@code (3,\infty)},
 * {@code 3 \ge x} is {@code (-\infty,3]}, {@code 1 < x \le 2} is {@code (1,2]}, {@code -x > -1} is
 * {@code (-\infty,1)} (linear sides are solved, the direction flips with a negative coefficient),
 * {@code 0 < f(x) < 1} is {@code (0,1)} (a function value names the range), {@code |x| < 3} is
 * {@code (-3,3)} and {@code 1 \le |z| \le 2} is {@code [-2,-1] \cup [1,2]}.
 */
final class Inequalities {
  /** Evaluates an expression at a point; null when it has no reliable value there. */
  interface Evaluator {
    Complex at(Expr e, Map<String, Complex> point);
  }

  private static final double[] PROBES = {0, 1, 2, 3.5, -1.25};
  private static final double TOLERANCE = 1e-9;

  private final Evaluator evaluator;

  Inequalities(Evaluator evaluator) {
    this.evaluator = evaluator;
  }

  /** The interval or union of intervals, or null when {@code e} is not such an inequality. */
  Expr asSet(Expr e) {
    if (e instanceof Relation both && both.op().equals("and")) {
      return intersection(both.left(), both.right());
    }
    if (e instanceof Relation ne && ne.op().equals("ne")) {
      return allBut(ne);
    }
    if (!(e instanceof Relation r) || direction(r.op()) == 0) {
      return null;
    }
    if (r.left() instanceof Relation inner) {
      return chain(inner.left(), inner.op(), inner.right(), r.op(), r.right());
    }
    if (r.right() instanceof Relation) {
      return null;
    }
    if (isAbsOfName(r.left()) && isConstant(r.right())) {
      return absBound(r.op(), r.right());
    }
    if (isAbsOfName(r.right()) && isConstant(r.left())) {
      return absBound(mirror(r.op()), r.left());
    }
    Bound bound = solve(r.left(), r.op(), r.right());
    return bound == null ? null : bound.alone();
  }

  /** {@code x \\ne 3}: the real line without the point. */
  private static Expr allBut(Relation r) {
    Expr point =
        isName(r.left()) && isConstant(r.right())
            ? r.right()
            : isName(r.right()) && isConstant(r.left()) ? r.left() : null;
    if (point == null) {
      return null;
    }
    return new Union(
        List.of(
            interval(minusInfinity(), false, point, false),
            interval(point, false, infinity(), false)));
  }

  /** {@code x \\ge -2 \\land x \\le 7}: a lower and an upper bound of one unknown. */
  private Expr intersection(Expr left, Expr right) {
    if (!(left instanceof Relation a)
        || !(right instanceof Relation b)
        || direction(a.op()) == 0
        || direction(b.op()) == 0
        || a.left() instanceof Relation
        || b.left() instanceof Relation) {
      return null;
    }
    return between(solve(a.left(), a.op(), a.right()), solve(b.left(), b.op(), b.right()));
  }

  /** {@code low op1 middle op2 high} with both relations pointing the same way. */
  private Expr chain(Expr low, String op1, Expr middle, String op2, Expr high) {
    if (direction(op1) == 0 || direction(op1) != direction(op2)) {
      return null;
    }
    if (direction(op1) > 0) {
      return chain(high, mirror(op2), middle, mirror(op1), low);
    }
    if (isAbsOfName(middle) && isConstant(low) && isConstant(high)) {
      // a <= |x| <= b is [-b, -a] u [a, b].
      Seq positive = interval(low, isClosed(op1), high, isClosed(op2));
      Seq negative = interval(new Neg(high), isClosed(op2), new Neg(low), isClosed(op1));
      return new Union(List.of(negative, positive));
    }
    return between(solve(low, op1, middle), solve(middle, op2, high));
  }

  /**
   * The interval between a lower and an upper bound of one unknown, the empty set when the bounds
   * leave nothing ({@code x > 5 \\land x < 3}); null for anything else.
   */
  private Expr between(Bound first, Bound second) {
    if (first == null
        || second == null
        || !first.unknown().equals(second.unknown())
        || first.below() == second.below()) {
      return null;
    }
    Bound lower = first.below() ? second : first;
    Bound upper = first.below() ? first : second;
    Complex low = evaluator.at(lower.value(), Map.of());
    Complex high = evaluator.at(upper.value(), Map.of());
    if (low != null && high != null) {
      double gap = high.re() - low.re();
      if (gap < 0 || gap == 0 && !(lower.closed() && upper.closed())) {
        return new Seq("{", "}", List.of());
      }
    }
    return interval(lower.value(), lower.closed(), upper.value(), upper.closed());
  }

  /**
   * One unknown, {@code left op right} solved for it: the unknown is below (or above) {@code
   * value}. The unknown is a variable or a function value ({@code f(x)}); sides linear in it are
   * solved exactly.
   */
  private Bound solve(Expr left, String op, Expr right) {
    if (isName(left) && isConstant(right)) {
      return new Bound(left, right, direction(op) < 0, isClosed(op));
    }
    if (isName(right) && isConstant(left)) {
      return new Bound(right, left, direction(op) > 0, isClosed(op));
    }
    Set<String> names = ExprWalk.variables(new Sum(List.of(left, right)));
    if (names.size() != 1) {
      return null;
    }
    String name = names.iterator().next();
    Expr difference = new Sum(List.of(left, new Neg(right)));
    Complex[] values = new Complex[PROBES.length];
    for (int i = 0; i < PROBES.length; i++) {
      values[i] = evaluator.at(difference, Map.of(name, Complex.real(PROBES[i])));
      if (values[i] == null || Math.abs(values[i].im()) > TOLERANCE) {
        return null;
      }
    }
    double slope = values[1].re() - values[0].re();
    if (Math.abs(slope) < TOLERANCE) {
      return null;
    }
    for (int i = 2; i < PROBES.length; i++) {
      double expected = values[0].re() + slope * PROBES[i];
      if (Math.abs(values[i].re() - expected) > TOLERANCE * (1 + Math.abs(expected))) {
        return null;
      }
    }
    // difference(t) = f0 + slope * t, so the root is -f0 / (f1 - f0), kept exact as an expression.
    Expr atZero = substitute(difference, name, new Num(Rational.ZERO, false));
    Expr atOne = substitute(difference, name, new Num(Rational.ONE, false));
    Expr root = new Quotient(new Neg(atZero), new Sum(List.of(atOne, new Neg(atZero))));
    boolean below = direction(op) < 0 == slope > 0;
    return new Bound(new Var(name), root, below, isClosed(op));
  }

  /** |x| op c, with x on the left. */
  private static Expr absBound(String op, Expr c) {
    boolean closed = isClosed(op);
    if (direction(op) < 0) {
      return interval(new Neg(c), closed, c, closed);
    }
    return new Union(
        List.of(
            interval(minusInfinity(), false, new Neg(c), closed),
            interval(c, closed, infinity(), false)));
  }

  /**
   * The unknown is below {@code value} (or above it when {@code below} is false), with or without
   * the end point.
   */
  private record Bound(Expr unknown, Expr value, boolean below, boolean closed) {
    Seq alone() {
      return below
          ? interval(minusInfinity(), false, value, closed)
          : interval(value, closed, infinity(), false);
    }
  }

  private static Expr substitute(Expr e, String name, Expr value) {
    if (e instanceof Var v && v.name().equals(name)) {
      return value;
    }
    return ExprWalk.mapChildren(e, child -> substitute(child, name, value));
  }

  private static boolean isName(Expr e) {
    return e instanceof Var
        || e instanceof Call c
            && c.function().startsWith("apply:")
            && c.args().stream().allMatch(arg -> arg instanceof Var);
  }

  private static boolean isAbsOfName(Expr e) {
    return e instanceof Call c
        && c.function().equals("abs")
        && c.args().size() == 1
        && isName(c.args().get(0));
  }

  private static boolean isConstant(Expr e) {
    return ExprWalk.variables(e).isEmpty()
        && !(e instanceof Relation)
        && !(e instanceof Seq)
        && !(e instanceof Union);
  }

  /** -1 for less-than relations, +1 for greater-than, 0 for others. */
  private static int direction(String op) {
    return switch (op) {
      case "<", "le" -> -1;
      case ">", "ge" -> 1;
      default -> 0;
    };
  }

  static String mirror(String op) {
    return switch (op) {
      case "<" -> ">";
      case ">" -> "<";
      case "le" -> "ge";
      case "ge" -> "le";
      default -> null;
    };
  }

  private static boolean isClosed(String op) {
    return op.equals("le") || op.equals("ge");
  }

  private static Seq interval(Expr low, boolean lowClosed, Expr high, boolean highClosed) {
    return new Seq(lowClosed ? "[" : "(", highClosed ? "]" : ")", List.of(low, high));
  }

  private static Expr infinity() {
    return new Const("infinity");
  }

  private static Expr minusInfinity() {
    return new Neg(new Const("infinity"));
  }
}
