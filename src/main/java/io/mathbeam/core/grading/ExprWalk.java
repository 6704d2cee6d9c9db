package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.PlusMinus;
import io.mathbeam.core.grading.Expr.Power;
import io.mathbeam.core.grading.Expr.Product;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Union;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/** Generic traversals of {@link Expr} trees. */
final class ExprWalk {
  private ExprWalk() {}

  static List<Expr> children(Expr e) {
    if (e instanceof Sum s) {
      return s.terms();
    }
    if (e instanceof Product p) {
      return p.factors();
    }
    if (e instanceof Quotient q) {
      return List.of(q.numerator(), q.denominator());
    }
    if (e instanceof Neg n) {
      return List.of(n.operand());
    }
    if (e instanceof Power p) {
      return List.of(p.base(), p.exponent());
    }
    if (e instanceof Call c) {
      return c.args();
    }
    if (e instanceof PlusMinus pm) {
      return pm.left() == null ? List.of(pm.right()) : List.of(pm.left(), pm.right());
    }
    if (e instanceof Seq s) {
      return s.items();
    }
    if (e instanceof Relation r) {
      return List.of(r.left(), r.right());
    }
    if (e instanceof Union u) {
      return u.parts();
    }
    if (e instanceof Matrix m) {
      List<Expr> all = new ArrayList<>();
      m.rows().forEach(all::addAll);
      return all;
    }
    return List.of();
  }

  /** A copy of {@code e} with every direct child replaced by {@code f(child)}. */
  static Expr mapChildren(Expr e, UnaryOperator<Expr> f) {
    if (e instanceof Sum s) {
      return new Sum(map(s.terms(), f));
    }
    if (e instanceof Product p) {
      return new Product(map(p.factors(), f));
    }
    if (e instanceof Quotient q) {
      return new Quotient(f.apply(q.numerator()), f.apply(q.denominator()));
    }
    if (e instanceof Neg n) {
      return new Neg(f.apply(n.operand()));
    }
    if (e instanceof Power p) {
      return new Power(f.apply(p.base()), f.apply(p.exponent()));
    }
    if (e instanceof Call c) {
      return new Call(c.function(), map(c.args(), f));
    }
    if (e instanceof PlusMinus pm) {
      return new PlusMinus(pm.left() == null ? null : f.apply(pm.left()), f.apply(pm.right()));
    }
    if (e instanceof Seq s) {
      return new Seq(s.open(), s.close(), map(s.items(), f));
    }
    if (e instanceof Relation r) {
      return new Relation(r.op(), f.apply(r.left()), f.apply(r.right()));
    }
    if (e instanceof Union u) {
      return new Union(map(u.parts(), f));
    }
    if (e instanceof Matrix m) {
      List<List<Expr>> rows = new ArrayList<>();
      for (List<Expr> row : m.rows()) {
        rows.add(map(row, f));
      }
      return new Matrix(List.copyOf(rows));
    }
    return e;
  }

  private static List<Expr> map(List<Expr> items, UnaryOperator<Expr> f) {
    List<Expr> out = new ArrayList<>(items.size());
    for (Expr item : items) {
      out.add(f.apply(item));
    }
    return List.copyOf(out);
  }

  static boolean any(Expr e, Predicate<Expr> test) {
    if (test.test(e)) {
      return true;
    }
    for (Expr child : children(e)) {
      if (any(child, test)) {
        return true;
      }
    }
    return false;
  }

  static Set<String> variables(Expr e) {
    Set<String> names = new TreeSet<>();
    collectVariables(e, names);
    return names;
  }

  private static void collectVariables(Expr e, Set<String> names) {
    if (e instanceof Expr.Var v) {
      names.add(v.name());
    }
    for (Expr child : children(e)) {
      collectVariables(child, names);
    }
  }

  /**
   * The alternatives a {@code ±} stands for: {@code 1 \pm \sqrt{2}} gives {@code 1+\sqrt{2}} and
   * {@code 1-\sqrt{2}}. At most {@code limit} alternatives; an expression without {@code ±} gives
   * itself.
   */
  static List<Expr> expandPlusMinus(Expr e, int limit) {
    List<Expr> out = new ArrayList<>();
    expandInto(e, limit, out);
    return out;
  }

  private static void expandInto(Expr e, int limit, List<Expr> out) {
    if (out.size() >= limit) {
      throw new GradingLimitException("too many \\pm alternatives");
    }
    if (!any(e, x -> x instanceof PlusMinus)) {
      out.add(e);
      return;
    }
    expandInto(replaceFirstPlusMinus(e, true, new boolean[1]), limit, out);
    expandInto(replaceFirstPlusMinus(e, false, new boolean[1]), limit, out);
  }

  private static Expr replaceFirstPlusMinus(Expr e, boolean plus, boolean[] done) {
    if (done[0]) {
      return e;
    }
    if (e instanceof PlusMinus pm) {
      done[0] = true;
      Expr right = plus ? pm.right() : new Neg(pm.right());
      return pm.left() == null ? right : new Sum(List.of(pm.left(), right));
    }
    return mapChildren(e, child -> replaceFirstPlusMinus(child, plus, done));
  }
}
