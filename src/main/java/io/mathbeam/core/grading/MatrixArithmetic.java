package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Matrix;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.Power;
import io.mathbeam.core.grading.Expr.Product;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Var;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Arithmetic left in a final answer on literal matrices and vectors, done before comparing: sums
 * and differences of same-shaped matrices, products in order (scalars into every entry), integer
 * powers of a square matrix, transposes ({@code ^T}), and the cross and dot products of two vectors
 * of one shape ({@code \times} between two 3-vectors, {@code \cdot} between two vectors; see {@link
 * #CROSS}). The entries stay expressions; the comparison that follows decides them.
 */
final class MatrixArithmetic {
  /** The parser's name for {@code u \times v} of two vectors of length 3. */
  static final String CROSS = "\\matrixcross";

  /** The parser's name for {@code u \cdot v} of two vectors of one length. */
  static final String DOT = "\\matrixdot";

  /** {@code ^T}, {@code ^{T}}, {@code ^\top}, {@code ^\intercal}, {@code ^t}. */
  private static final Set<String> TRANSPOSE = Set.of("T", "t", "top", "intercal");

  /** Powers beyond this are left alone (the entries would grow past any benchmark's answer). */
  private static final int MAX_POWER = 8;

  private MatrixArithmetic() {}

  /**
   * Thrown inside when the arithmetic is not defined: shapes that do not fit, a scalar plus a
   * matrix.
   */
  private static final class Undefined extends Exception {
    Undefined() {
      super(null, null, false, false);
    }
  }

  /**
   * {@code e} with its matrix arithmetic done: a matrix, or a scalar (a dot product); null when
   * {@code e} holds no matrix, has nothing to compute, or its arithmetic is not defined.
   */
  static Expr evaluate(Expr e) {
    if (e instanceof Matrix || !ExprWalk.any(e, x -> x instanceof Matrix)) {
      return null;
    }
    try {
      Expr done = eval(e);
      return done.equals(e) ? null : done;
    } catch (Undefined undefined) {
      return null;
    }
  }

  /** Whether two parsed operands of {@code \times} or {@code \cdot} are vectors of one shape. */
  static String vectorProduct(Expr left, Expr right, boolean cross) {
    if (!(left instanceof Matrix a) || !(right instanceof Matrix b)) {
      return null;
    }
    List<Expr> u = Matrices.vectorEntries(a);
    List<Expr> v = Matrices.vectorEntries(b);
    if (u == null || v == null || u.size() != v.size() || shape(a)[0] != shape(b)[0]) {
      return null;
    }
    if (cross) {
      return u.size() == 3 ? CROSS : null;
    }
    return u.size() >= 2 ? DOT : null;
  }

  private static Expr eval(Expr e) throws Undefined {
    if (e instanceof Matrix) {
      return e;
    }
    if (!ExprWalk.any(e, x -> x instanceof Matrix)) {
      return e;
    }
    if (e instanceof Neg n) {
      Expr inner = eval(n.operand());
      return inner instanceof Matrix m ? map(m, x -> new Neg(x)) : new Neg(inner);
    }
    if (e instanceof Sum s) {
      return sum(s);
    }
    if (e instanceof Product p) {
      return product(p.factors());
    }
    if (e instanceof Quotient q) {
      Expr numerator = eval(q.numerator());
      Expr denominator = eval(q.denominator());
      if (denominator instanceof Matrix) {
        throw new Undefined();
      }
      return numerator instanceof Matrix m
          ? map(m, x -> new Quotient(x, denominator))
          : new Quotient(numerator, denominator);
    }
    if (e instanceof Power p) {
      return power(p);
    }
    if (e instanceof Call c && (c.function().equals(CROSS) || c.function().equals(DOT))) {
      Expr a = eval(c.args().get(0));
      Expr b = eval(c.args().get(1));
      if (!(a instanceof Matrix u) || !(b instanceof Matrix v)) {
        throw new Undefined();
      }
      return c.function().equals(CROSS) ? cross(u, v) : dot(u, v);
    }
    // a matrix inside a function, a relation, a list ...: not arithmetic this class does
    throw new Undefined();
  }

  private static Expr sum(Sum s) throws Undefined {
    List<Expr> terms = new ArrayList<>();
    Matrix total = null;
    for (Expr term : s.terms()) {
      Expr value = eval(term);
      if (value instanceof Matrix m) {
        if (total == null) {
          total = m;
        } else {
          total = add(total, m);
        }
      } else {
        terms.add(value);
      }
    }
    if (total == null) {
      return new Sum(List.copyOf(terms));
    }
    if (!terms.isEmpty()) {
      // a scalar plus a matrix
      throw new Undefined();
    }
    return total;
  }

  private static Expr product(List<Expr> factors) throws Undefined {
    List<Expr> scalars = new ArrayList<>();
    Matrix result = null;
    for (Expr factor : factors) {
      Expr value = eval(factor);
      if (value instanceof Matrix m) {
        result = result == null ? m : multiply(result, m);
      } else {
        scalars.add(value);
      }
    }
    if (result == null) {
      return AnswerParser.product(scalars);
    }
    if (scalars.isEmpty()) {
      return result;
    }
    List<Expr> scale = List.copyOf(scalars);
    return map(
        result,
        x -> {
          List<Expr> all = new ArrayList<>(scale);
          all.add(x);
          return new Product(List.copyOf(all));
        });
  }

  private static Expr power(Power p) throws Undefined {
    Expr base = eval(p.base());
    if (!(base instanceof Matrix m)) {
      if (ExprWalk.any(p.exponent(), x -> x instanceof Matrix)) {
        throw new Undefined();
      }
      return new Power(base, p.exponent());
    }
    if (p.exponent() instanceof Var v && TRANSPOSE.contains(v.name())) {
      return transpose(m);
    }
    if (p.exponent() instanceof Num n
        && !n.approximate()
        && n.value().isInteger()
        && n.value().signum() > 0
        && n.value().compareTo(Rational.of(MAX_POWER)) <= 0
        && Matrices.isSquare(m.rows(), Integer.MAX_VALUE)) {
      Matrix result = m;
      for (int i = 1; i < n.value().numerator().intValueExact(); i++) {
        result = multiply(result, m);
      }
      return result;
    }
    throw new Undefined();
  }

  private static Matrix add(Matrix a, Matrix b) throws Undefined {
    int[] shape = shape(a);
    if (shape == null || !Arrays.equals(shape, shape(b))) {
      throw new Undefined();
    }
    List<List<Expr>> rows = new ArrayList<>();
    for (int r = 0; r < shape[0]; r++) {
      List<Expr> row = new ArrayList<>();
      for (int c = 0; c < shape[1]; c++) {
        row.add(new Sum(List.of(a.rows().get(r).get(c), b.rows().get(r).get(c))));
      }
      rows.add(List.copyOf(row));
    }
    return new Matrix(List.copyOf(rows));
  }

  private static Matrix multiply(Matrix a, Matrix b) throws Undefined {
    int[] sa = shape(a);
    int[] sb = shape(b);
    if (sa == null || sb == null || sa[1] != sb[0]) {
      throw new Undefined();
    }
    List<List<Expr>> rows = new ArrayList<>();
    for (int r = 0; r < sa[0]; r++) {
      List<Expr> row = new ArrayList<>();
      for (int c = 0; c < sb[1]; c++) {
        List<Expr> terms = new ArrayList<>();
        for (int k = 0; k < sa[1]; k++) {
          terms.add(new Product(List.of(a.rows().get(r).get(k), b.rows().get(k).get(c))));
        }
        row.add(terms.size() == 1 ? terms.get(0) : new Sum(List.copyOf(terms)));
      }
      rows.add(List.copyOf(row));
    }
    return new Matrix(List.copyOf(rows));
  }

  private static Matrix transpose(Matrix m) throws Undefined {
    int[] shape = shape(m);
    if (shape == null) {
      throw new Undefined();
    }
    List<List<Expr>> rows = new ArrayList<>();
    for (int c = 0; c < shape[1]; c++) {
      List<Expr> row = new ArrayList<>();
      for (int r = 0; r < shape[0]; r++) {
        row.add(m.rows().get(r).get(c));
      }
      rows.add(List.copyOf(row));
    }
    return new Matrix(List.copyOf(rows));
  }

  private static Matrix cross(Matrix a, Matrix b) {
    List<Expr> u = Matrices.vectorEntries(a);
    List<Expr> v = Matrices.vectorEntries(b);
    List<Expr> w =
        List.of(
            difference(u.get(1), v.get(2), u.get(2), v.get(1)),
            difference(u.get(2), v.get(0), u.get(0), v.get(2)),
            difference(u.get(0), v.get(1), u.get(1), v.get(0)));
    List<List<Expr>> rows = new ArrayList<>();
    if (a.rows().size() == 1) {
      rows.add(w);
    } else {
      for (Expr x : w) {
        rows.add(List.of(x));
      }
    }
    return new Matrix(List.copyOf(rows));
  }

  /** a b - c d. */
  private static Expr difference(Expr a, Expr b, Expr c, Expr d) {
    return new Sum(List.of(new Product(List.of(a, b)), new Neg(new Product(List.of(c, d)))));
  }

  private static Expr dot(Matrix a, Matrix b) {
    List<Expr> u = Matrices.vectorEntries(a);
    List<Expr> v = Matrices.vectorEntries(b);
    List<Expr> terms = new ArrayList<>();
    for (int i = 0; i < u.size(); i++) {
      terms.add(new Product(List.of(u.get(i), v.get(i))));
    }
    return new Sum(List.copyOf(terms));
  }

  /** {rows, columns}, or null when the rows differ in length. */
  private static int[] shape(Matrix m) {
    int columns = m.rows().get(0).size();
    for (List<Expr> row : m.rows()) {
      if (row.size() != columns) {
        return null;
      }
    }
    return new int[] {m.rows().size(), columns};
  }

  private static Matrix map(Matrix m, UnaryOperator<Expr> f) {
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
