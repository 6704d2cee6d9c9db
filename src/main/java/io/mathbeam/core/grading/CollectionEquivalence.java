package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Seq;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares lists, sets, tuples, vectors and matrices for {@link Equivalence}, item by item through
 * its {@link Equivalence#same}.
 */
final class CollectionEquivalence {
  private final Equivalence equivalence;
  private final WorkBudget budget;

  CollectionEquivalence(Equivalence equivalence, WorkBudget budget) {
    this.equivalence = equivalence;
    this.budget = budget;
  }

  boolean sequences(Expr a, Expr b) {
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
      return items.size() == 1
          && (sa == null ? equivalence.same(a, items.get(0)) : equivalence.same(items.get(0), b));
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
      return equivalence.same(a, b);
    } catch (GradingLimitException e) {
      budget.check();
      return false;
    }
  }

  boolean ordered(List<Expr> a, List<Expr> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!equivalence.same(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  boolean unordered(List<Expr> a, List<Expr> b) {
    if (a.size() != b.size()) {
      return false;
    }
    boolean[] used = new boolean[b.size()];
    for (Expr x : a) {
      boolean found = false;
      for (int j = 0; j < b.size() && !found; j++) {
        if (!used[j] && equivalence.same(x, b.get(j))) {
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
  boolean vectorEqualsTuple(Matrix m, Seq s) {
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

  boolean matrices(Matrix a, Matrix b) {
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
}
