package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Union;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * An interval with points or an interval taken out, as the union of what is left: {@code (0, 36)
 * \setminus \{9\}} is {@code (0,9) \cup (9,36)}, {@code \mathbb{R} \setminus [2,3]} is {@code
 * (-\infty,2) \cup (3,\infty)}; {@code \mathbb{R} - \{3\}} is read the same way. End points are
 * ordered by their numeric values; they stay the expressions written.
 */
final class SetDifference {
  private final Function<Expr, Double> value;

  /** {@code value}: the real value of a constant, null when it has none. */
  SetDifference(Function<Expr, Double> value) {
    this.value = value;
  }

  /** The set {@code e} describes, or null when it is not a difference this class reads. */
  Expr of(Expr e) {
    if (e instanceof Call c && c.function().equals("setminus") && c.args().size() == 2) {
      return subtract(c.args().get(0), c.args().get(1));
    }
    if (e instanceof Sum s
        && s.terms().size() == 2
        && s.terms().get(0) instanceof Seq whole
        && s.terms().get(1) instanceof Neg n
        && n.operand() instanceof Seq removed
        && removed.isSet()) {
      return subtract(whole, removed);
    }
    return null;
  }

  private Expr subtract(Expr whole, Expr removed) {
    if (!(whole instanceof Seq w) || !isInterval(w) || !(removed instanceof Seq r)) {
      return null;
    }
    End low = end(w.items().get(0), w.open().equals("["));
    End high = end(w.items().get(1), w.close().equals("]"));
    if (low == null || high == null) {
      return null;
    }
    List<Seq> pieces = new ArrayList<>();
    if (r.isSet()) {
      List<End> points = new ArrayList<>();
      for (Expr item : r.items()) {
        End point = end(item, false);
        if (point == null) {
          return null;
        }
        if (point.at > low.at && point.at < high.at) {
          points.add(point);
        } else if (point.at == low.at) {
          low = new End(low.expr, low.at, false);
        } else if (point.at == high.at) {
          high = new End(high.expr, high.at, false);
        }
      }
      points.sort(Comparator.comparingDouble(End::at));
      End from = low;
      for (End point : points) {
        pieces.add(interval(from, point));
        from = point;
      }
      pieces.add(interval(from, high));
    } else if (isInterval(r)) {
      End cutLow = end(r.items().get(0), !r.open().equals("["));
      End cutHigh = end(r.items().get(1), !r.close().equals("]"));
      if (cutLow == null || cutHigh == null) {
        return null;
      }
      if (cutLow.at > low.at) {
        pieces.add(interval(low, cutLow));
      }
      if (cutHigh.at < high.at) {
        pieces.add(interval(cutHigh, high));
      }
    } else {
      return null;
    }
    if (pieces.isEmpty()) {
      return new Seq("{", "}", List.of());
    }
    return pieces.size() == 1 ? pieces.get(0) : new Union(List.copyOf(pieces));
  }

  private static boolean isInterval(Seq s) {
    return s.items().size() == 2 && !s.isBare() && !s.isSet() && !s.open().equals(":");
  }

  /** An end point: its expression, its value and whether it belongs to the piece. */
  private record End(Expr expr, double at, boolean closed) {}

  private End end(Expr e, boolean closed) {
    Double at =
        e instanceof Const c && c.name().equals("infinity")
            ? Double.POSITIVE_INFINITY
            : e instanceof Neg n && n.operand() instanceof Const c && c.name().equals("infinity")
                ? Double.NEGATIVE_INFINITY
                : value.apply(e);
    return at == null ? null : new End(e, at, closed && !at.isInfinite());
  }

  private static Seq interval(End from, End to) {
    return new Seq(from.closed ? "[" : "(", to.closed ? "]" : ")", List.of(from.expr, to.expr));
  }
}
