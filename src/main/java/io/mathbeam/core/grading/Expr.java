package io.mathbeam.core.grading;

import java.util.List;

/**
 * The small expression tree a parsed answer becomes. Scalars (numbers, variables, arithmetic,
 * functions) and the structures answers are written in (lists, tuples, intervals, sets, matrices,
 * relations, unions, free text).
 */
sealed interface Expr {

  /** A number as written; {@code approximate} when it was written with a decimal point. */
  record Num(Rational value, boolean approximate) implements Expr {}

  /** A free variable, e.g. {@code x}, {@code v_0}, {@code \alpha}. */
  record Var(String name) implements Expr {}

  /** A named constant: {@code pi}, {@code e}, {@code i} (imaginary unit), {@code infinity}. */
  record Const(String name) implements Expr {}

  record Sum(List<Expr> terms) implements Expr {}

  record Product(List<Expr> factors) implements Expr {}

  record Quotient(Expr numerator, Expr denominator) implements Expr {}

  record Neg(Expr operand) implements Expr {}

  record Power(Expr base, Expr exponent) implements Expr {}

  /**
   * A function: {@code sqrt}, {@code root} (radicand, index), {@code sin} ..., {@code log}
   * (argument[, base]), {@code factorial}, {@code binom}, {@code abs}, {@code floor}, {@code ceil},
   * or {@code apply:f} for an unknown function {@code f(x)}.
   */
  record Call(String function, List<Expr> args) implements Expr {}

  /** {@code left ± right}; {@code left} is null for a leading {@code ±}. */
  record PlusMinus(Expr left, Expr right) implements Expr {}

  /**
   * A delimited or bare sequence. {@code open}/{@code close} are {@code ( ) [ ] \{ \}} or empty for
   * a bare comma list (an unordered list of answers).
   */
  record Seq(String open, String close, List<Expr> items) implements Expr {
    boolean isBare() {
      return open.isEmpty();
    }

    boolean isSet() {
      return open.equals("{");
    }
  }

  record Matrix(List<List<Expr>> rows) implements Expr {}

  /** {@code left op right} with op one of {@code = < > \le \ge \ne}. */
  record Relation(String op, Expr left, Expr right) implements Expr {}

  record Union(List<Expr> parts) implements Expr {}

  /** An answer in words ({@code even}, {@code Evelyn}); compared case-insensitively. */
  record Text(String text) implements Expr {}
}
