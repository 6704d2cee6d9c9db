package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Product;
import java.util.ArrayList;
import java.util.List;

/** Matrix forms that mean the same matrix: a scalar times a matrix, a row or a column vector. */
final class Matrices {
  private Matrices() {}

  /**
   * {@code -\begin{pmatrix}1&0\\0&1\end{pmatrix}} or {@code
   * \frac13\begin{pmatrix}-1\\2\end{pmatrix}} with the scalar multiplied into every entry; null
   * when {@code e} is not a product of scalars and exactly one matrix.
   */
  static Matrix scaled(Expr e) {
    if (e instanceof Neg n && n.operand() instanceof Matrix m) {
      return map(m, entry -> new Neg(entry));
    }
    if (e instanceof Neg n) {
      Matrix inner = scaled(n.operand());
      return inner == null ? null : map(inner, entry -> new Neg(entry));
    }
    if (!(e instanceof Product p)) {
      return null;
    }
    Matrix matrix = null;
    List<Expr> scalars = new ArrayList<>();
    for (Expr factor : p.factors()) {
      if (factor instanceof Matrix m) {
        if (matrix != null) {
          return null;
        }
        matrix = m;
      } else if (ExprWalk.any(factor, x -> x instanceof Matrix || x instanceof Expr.Seq)) {
        return null;
      } else {
        scalars.add(factor);
      }
    }
    if (matrix == null || scalars.isEmpty()) {
      return null;
    }
    return map(
        matrix,
        entry -> {
          List<Expr> factors = new ArrayList<>(scalars);
          factors.add(entry);
          return new Product(List.copyOf(factors));
        });
  }

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

  private static Matrix map(Matrix m, java.util.function.UnaryOperator<Expr> f) {
    List<List<Expr>> rows = new ArrayList<>();
    for (List<Expr> row : m.rows()) {
      List<Expr> out = new ArrayList<>();
      for (Expr entry : row) {
        out.add(f.apply(entry));
      }
      rows.add(List.copyOf(out));
    }
    return new Matrix(List.copyOf(rows));
  }
}
