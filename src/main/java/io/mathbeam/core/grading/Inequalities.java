package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Var;
import java.util.List;

/**
 * Reads an inequality in one variable as the interval it describes: {@code x > 3} is {@code
 * (3,\infty)}, {@code 3 \ge x} is {@code (-\infty,3]}, {@code 1 < x \le 2} is {@code (1,2]}.
 */
final class Inequalities {
  private Inequalities() {}

  /** The interval, or null when {@code e} is not such an inequality. */
  static Seq asInterval(Expr e) {
    if (!(e instanceof Relation r)) {
      return null;
    }
    if (r.left() instanceof Relation inner) {
      // a < x < b, parsed as (a < x) < b.
      if (!(inner.right() instanceof Var) || !isConstant(inner.left()) || !isConstant(r.right())) {
        return null;
      }
      int dirInner = direction(inner.op());
      int dirOuter = direction(r.op());
      if (dirInner == 0 || dirInner != dirOuter) {
        return null;
      }
      boolean ascending = dirInner < 0;
      Expr low = ascending ? inner.left() : r.right();
      Expr high = ascending ? r.right() : inner.left();
      boolean lowClosed = ascending ? isClosed(inner.op()) : isClosed(r.op());
      boolean highClosed = ascending ? isClosed(r.op()) : isClosed(inner.op());
      return interval(low, lowClosed, high, highClosed);
    }
    int dir = direction(r.op());
    if (dir == 0) {
      return null;
    }
    boolean closed = isClosed(r.op());
    if (r.left() instanceof Var && isConstant(r.right())) {
      // x < b (dir < 0): (-inf, b); x > b: (b, inf)
      return dir < 0
          ? interval(minusInfinity(), false, r.right(), closed)
          : interval(r.right(), closed, infinity(), false);
    }
    if (r.right() instanceof Var && isConstant(r.left())) {
      // a < x: (a, inf); a > x: (-inf, a)
      return dir < 0
          ? interval(r.left(), closed, infinity(), false)
          : interval(minusInfinity(), false, r.left(), closed);
    }
    return null;
  }

  private static boolean isConstant(Expr e) {
    return ExprWalk.variables(e).isEmpty() && !(e instanceof Relation);
  }

  /** -1 for less-than relations, +1 for greater-than, 0 for others. */
  private static int direction(String op) {
    return switch (op) {
      case "<", "le" -> -1;
      case ">", "ge" -> 1;
      default -> 0;
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
