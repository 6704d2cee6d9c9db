package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.Power;
import io.mathbeam.core.grading.Expr.Product;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Var;
import java.util.ArrayList;
import java.util.List;

/**
 * Answers written with a name on one side of {@code =}: {@code x = 5}, {@code f(x) = 2x+1}, {@code
 * (p,q) = (3,2)}, {@code AB = 4}, {@code \frac{NO}{BO} = \frac{1}{\sqrt6}}, {@code V_1 : V_2 =
 * 11:21}. The name only says what the value is, so against an answer without one the value alone is
 * compared.
 *
 * <p>Two strengths: a <em>simple</em> name is a variable, a function applied to variables or
 * numbers ({@code f(x)}, {@code a_n}, {@code f(2)}), or a tuple of those; a <em>composite</em> name
 * is anything built from variables alone with products, quotients, ratios and functions ({@code
 * AB}, {@code \frac{NO}{BO}}, {@code \sin\theta}), never with a number or a sum. A gold answer only
 * loses a simple name, so the line {@code x + y = 5} is never read as the number 5.
 */
final class Labels {
  private Labels() {}

  /** The value {@code e} names, or null when {@code e} is not a labelled value. */
  static Expr value(Expr e, boolean composite) {
    if (!(e instanceof Relation r) || !r.op().equals("=")) {
      return null;
    }
    if (r.left() instanceof Relation || r.right() instanceof Relation) {
      return null;
    }
    if (isName(r.left(), composite)) {
      return r.right();
    }
    if (isName(r.right(), composite) && !isName(r.left(), true)) {
      return r.left();
    }
    return null;
  }

  /** {@code y = ...} or {@code f(x) = ...}: the value of a function, however it is named. */
  static boolean namesFunctionValue(Relation r) {
    if (!r.op().equals("=") || r.right() instanceof Relation) {
      return false;
    }
    return r.left() instanceof Var v && v.name().equals("y")
        || r.left() instanceof Call c
            && c.function().startsWith("apply:")
            && c.args().size() == 1
            && c.args().get(0) instanceof Var;
  }

  static boolean isName(Expr e, boolean composite) {
    return isSimpleName(e) || composite && isCompositeName(e);
  }

  private static boolean isSimpleName(Expr e) {
    if (e instanceof Var) {
      return true;
    }
    if (e instanceof Call c && c.function().startsWith("apply:")) {
      return c.args().stream().allMatch(arg -> arg instanceof Var || arg instanceof Num);
    }
    if (e instanceof Seq s && s.open().equals("(") && s.items().size() >= 2) {
      return s.items().stream().allMatch(Labels::isSimpleName);
    }
    return false;
  }

  private static boolean isCompositeName(Expr e) {
    if (e instanceof Var) {
      return true;
    }
    if (e instanceof Product p) {
      return p.factors().stream().allMatch(Labels::isCompositeName);
    }
    if (e instanceof Quotient q) {
      return isCompositeName(q.numerator()) && isCompositeName(q.denominator());
    }
    if (e instanceof Call c) {
      return c.args().stream().allMatch(Labels::isCompositeName);
    }
    if (e instanceof Power p) {
      return isCompositeName(p.base()) && isCompositeName(p.exponent());
    }
    if (e instanceof Seq s && s.open().equals("(")) {
      return s.items().stream().allMatch(Labels::isCompositeName);
    }
    return false;
  }

  /**
   * Solutions written as labelled values whose names repeat: {@code x = 2, x = -3} is the list
   * {@code 2, -3} and {@code p=5, q=2; p=7, q=2} the tuples {@code (5,2), (7,2)}. Null when the
   * items are not such a list (distinct names are left to the item-by-item comparison).
   */
  static Seq groupRepeated(Seq bare) {
    List<Expr> items = bare.items();
    if (items.size() < 2) {
      return null;
    }
    List<Expr> names = new ArrayList<>();
    List<Expr> values = new ArrayList<>();
    for (Expr item : items) {
      if (!(item instanceof Relation r)
          || !r.op().equals("=")
          || !isSimpleName(r.left())
          || r.right() instanceof Relation) {
        return null;
      }
      names.add(r.left());
      values.add(r.right());
    }
    int period = names.subList(1, names.size()).indexOf(names.get(0)) + 1;
    if (period <= 0 || items.size() % period != 0) {
      return null;
    }
    for (int i = period; i < names.size(); i++) {
      if (!names.get(i).equals(names.get(i % period))) {
        return null;
      }
    }
    if (period == 1) {
      return new Seq("", "", List.copyOf(values));
    }
    List<Expr> tuples = new ArrayList<>();
    for (int start = 0; start < values.size(); start += period) {
      tuples.add(new Seq("(", ")", List.copyOf(values.subList(start, start + period))));
    }
    return new Seq("", "", List.copyOf(tuples));
  }
}
