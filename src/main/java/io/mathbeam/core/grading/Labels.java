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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
  /** A name's subscript that says it is the extremum asked for: {@code m_\max}, {@code m_{min}}. */
  private static final Pattern EXTREMUM =
      Pattern.compile("^(.+?)_\\{?\\\\?(?:max|min|maximum|minimum)\\}?$");

  private Labels() {}

  /**
   * What an answer written as an equation says against a gold that is not one: the right side
   * ({@code x = 5}, {@code AB = 4}, and as Math-Verify reads it, {@code x + y = 5} and {@code 2+3 =
   * 5}), or the left side when only the right one is a name ({@code 5 = x}). Null for other
   * relations, and when the left side scales an unknown by a number ({@code 2x = 5}, {@code x^2 =
   * 4}): that is an equation still to solve.
   */
  static Expr answerValue(Expr e) {
    if (!(e instanceof Relation r)
        || !r.op().equals("=")
        || r.left() instanceof Relation
        || r.right() instanceof Relation) {
      return null;
    }
    if (isName(r.right(), true) && !isName(r.left(), true)) {
      return r.left();
    }
    if (isScaledUnknown(r.left())
        && !(r.right() instanceof Expr.Matrix || r.right() instanceof Seq)) {
      // 2x = 5 says x is 5/2, not 5; A^2 + A = (matrix) computes the matrix it names.
      return null;
    }
    return r.right();
  }

  /** A side that mixes an unknown with a number ({@code 2x}, {@code \\frac{x}{2}}, {@code x^2}). */
  private static boolean isScaledUnknown(Expr e) {
    return !ExprWalk.variables(e).isEmpty()
        && ExprWalk.any(
            e,
            x ->
                x instanceof Num
                    || x instanceof Power
                    || x instanceof Call c
                        && (c.function().equals("sqrt") || c.function().equals("root")));
  }

  /**
   * What a gold written with a label says: only a simple name ({@code x = 5}, {@code f(x) = 2x+1})
   * or a composite name of upper-case points and segments ({@code AB = 4}, {@code \frac{NO}{BO} =
   * ...}) is dropped, so the curve {@code xy = 1} and the line {@code x + y = 5} stay equations.
   */
  static Expr goldValue(Expr e) {
    Expr simple = value(e, false);
    if (simple != null) {
      return simple;
    }
    if (e instanceof Relation r
        && r.op().equals("=")
        && !(r.right() instanceof Relation)
        && isCompositeName(r.left())
        && ExprWalk.variables(r.left()).stream()
            .allMatch(
                name ->
                    !name.isEmpty()
                        && (Character.isUpperCase(name.charAt(0)) || name.charAt(0) == '\\'))) {
      return r.right();
    }
    return null;
  }

  /** The letters of {@code no} or {@code Even} read as a product of variables, or null. */
  static String letters(Expr e) {
    if (e instanceof Var v && v.name().length() == 1) {
      return v.name();
    }
    if (e instanceof Expr.Const c && (c.name().equals("e") || c.name().equals("i"))) {
      return c.name();
    }
    if (e instanceof Product p) {
      StringBuilder out = new StringBuilder();
      for (Expr factor : p.factors()) {
        String part = letters(factor);
        if (part == null) {
          return null;
        }
        out.append(part);
      }
      return out.toString();
    }
    return null;
  }

  /** Whether every item is {@code name = value} with a simple name, no name twice. */
  static boolean distinctlyLabelled(Seq bare) {
    List<Expr> names = new ArrayList<>();
    for (Expr item : bare.items()) {
      if (!(item instanceof Relation r) || !r.op().equals("=") || !isSimpleName(r.left())) {
        return false;
      }
      if (names.contains(r.left())) {
        return false;
      }
      names.add(r.left());
    }
    return names.size() >= 2;
  }

  /** Whether every item of a gold list is a value with a label a gold may drop, no label twice. */
  static boolean distinctGoldLabels(Seq bare) {
    List<Expr> names = new ArrayList<>();
    for (Expr item : bare.items()) {
      if (!(item instanceof Relation r) || goldValue(r) == null || names.contains(r.left())) {
        return false;
      }
      names.add(r.left());
    }
    return names.size() >= 2;
  }

  static boolean anyRelation(Seq seq) {
    return seq.items().stream().anyMatch(item -> item instanceof Relation);
  }

  /**
   * The right side of {@code a}, its argument renamed to that of {@code b} when both define a
   * function of one variable ({@code f(x) = x} against {@code f(n) = n}).
   */
  static Expr renamedArgument(Relation a, Relation b) {
    if (a.left() instanceof Call ca
        && b.left() instanceof Call cb
        && ca.args().size() == 1
        && cb.args().size() == 1
        && ca.args().get(0) instanceof Var from
        && cb.args().get(0) instanceof Var to
        && !from.equals(to)
        && !ExprWalk.variables(a.right()).contains(to.name())) {
      return rename(a.right(), from.name(), to);
    }
    return a.right();
  }

  private static Expr rename(Expr e, String from, Var to) {
    if (e instanceof Var v && v.name().equals(from)) {
      return to;
    }
    return ExprWalk.mapChildren(e, child -> rename(child, from, to));
  }

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

  /**
   * Whether two labels name the same quantity because one is the other with the subscript that says
   * it is the extremum asked for: {@code m_{\max}} and {@code m}. {@code m_{\max}} and {@code
   * m_{\min}} differ, as do {@code m_1} and {@code m}.
   */
  static boolean sameQuantity(String a, String b) {
    return b.equals(extremumStem(a)) || a.equals(extremumStem(b));
  }

  /** {@code m} for {@code m_\max}, {@code m_{max}}, {@code m_\min}; null for other names. */
  private static String extremumStem(String name) {
    Matcher m = EXTREMUM.matcher(name);
    return m.matches() ? m.group(1) : null;
  }

  /** {@code y = ...} or {@code f(x) = ...}: the value of a function, however it is named. */
  static boolean namesFunctionValue(Relation r) {
    if (!r.op().equals("=") || r.right() instanceof Relation) {
      return false;
    }
    if (r.left() instanceof Var v && v.name().equals("y")) {
      return !ExprWalk.variables(r.right()).isEmpty();
    }
    // f(x) = 2x + 1 defines a function of x; P(A) = 0.3 is a value with its label.
    return r.left() instanceof Call c
        && c.function().startsWith("apply:")
        && c.args().size() == 1
        && c.args().get(0) instanceof Var argument
        && ExprWalk.variables(r.right()).contains(argument.name());
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
    // A set of solutions: x = 2, x = 3 is never the point (2, 3).
    if (period == 1) {
      return new Seq("{", "}", List.copyOf(values));
    }
    List<Expr> tuples = new ArrayList<>();
    for (int start = 0; start < values.size(); start += period) {
      tuples.add(new Seq("(", ")", List.copyOf(values.subList(start, start + period))));
    }
    return new Seq("{", "}", List.copyOf(tuples));
  }
}
