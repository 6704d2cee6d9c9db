package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.PlusMinus;
import io.mathbeam.core.grading.Expr.Relation;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Text;
import io.mathbeam.core.grading.Expr.Union;
import java.util.ArrayList;
import java.util.List;

/** Puts a parsed answer in the one form {@link Equivalence} compares. */
final class CanonicalAnswers {
  private static final int MAX_ALTERNATIVES = 32;

  private CanonicalAnswers() {}

  /**
   * Keeps the two ends of a chain of equalities ({@code x = 5+5+1 = 11} is {@code x = 11}), groups
   * labelled solutions whose names repeat ({@link Labels#groupRepeated}) and expands {@code \pm}
   * into an unordered list.
   */
  static Expr of(Expr e) {
    if (e instanceof Relation r && r.op().equals("=") && r.left() instanceof Relation inner) {
      Expr first = inner;
      while (first instanceof Relation chained && chained.op().equals("=")) {
        first = chained.left();
      }
      if (!(first instanceof Relation) && isEqualityChain(r)) {
        return of(new Relation("=", first, r.right()));
      }
    }
    if (e instanceof Relation r && r.op().equals("=")) {
      return new Relation("=", of(r.left()), of(r.right()));
    }
    if (e instanceof Seq s && s.isBare()) {
      Seq grouped = Labels.groupRepeated(s);
      if (grouped != null) {
        return of(grouped);
      }
    }
    if (e instanceof Seq s && (s.isBare() || s.isSet())) {
      List<Expr> items = new ArrayList<>();
      for (Expr item : s.items()) {
        Expr c = of(item);
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
      return of(new Seq("{", "}", List.copyOf(items)));
    }
    if (e instanceof Seq || e instanceof Union || e instanceof Matrix || e instanceof Text) {
      return e;
    }
    Expr evaluated = MatrixArithmetic.evaluate(e);
    if (evaluated != null) {
      return evaluated;
    }
    List<Expr> alternatives = ExprWalk.expandPlusMinus(e, MAX_ALTERNATIVES);
    return alternatives.size() == 1 ? e : new Seq("", "", List.copyOf(alternatives));
  }

  private static boolean isEqualityChain(Expr e) {
    return !(e instanceof Relation r) || r.op().equals("=") && isEqualityChain(r.left());
  }
}
