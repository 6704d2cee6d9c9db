package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Product;
import java.util.ArrayList;
import java.util.List;

/** Matrix helpers: the entries of a vector, squareness, the determinant. */
final class Matrices {
  private Matrices() {}

  /** The entries of a one-row or one-column matrix in order, or null for any other shape. */
  static List<Expr> vectorEntries(Matrix m) {
    if (m.rows().size() == 1) {
      return m.rows().get(0);
    }
    List<Expr> entries = new ArrayList<>();
    for (List<Expr> row : m.rows()) {
      if (row.size() != 1) {
        return null;
      }
      entries.add(row.get(0));
    }
    return entries;
  }

  /** Whether {@code rows} is an n x n matrix with 1 <= n <= {@code max}. */
  static boolean isSquare(List<List<Expr>> rows, int max) {
    int n = rows.size();
    return n >= 1 && n <= max && rows.stream().allMatch(row -> row.size() == n);
  }

  /**
   * The determinant of a square matrix as an expression (Laplace expansion along the first row).
   */
  static Expr determinant(List<List<Expr>> rows) {
    int n = rows.size();
    if (n == 1) {
      return rows.get(0).get(0);
    }
    List<Expr> terms = new ArrayList<>();
    for (int column = 0; column < n; column++) {
      List<List<Expr>> minor = new ArrayList<>();
      for (int r = 1; r < n; r++) {
        List<Expr> row = new ArrayList<>(rows.get(r));
        row.remove(column);
        minor.add(row);
      }
      Expr term = new Product(List.of(rows.get(0).get(column), determinant(minor)));
      terms.add(column % 2 == 0 ? term : new Neg(term));
    }
    return new Expr.Sum(List.copyOf(terms));
  }
}
