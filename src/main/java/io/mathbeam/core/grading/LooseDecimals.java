package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The loose-decimal policy: a number written with a decimal point and at least {@link
 * #MIN_SIGNIFICANT} significant digits stands for an exact value (a fraction, root, {@code \pi},
 * ...) when it is that value rounded (half up) or truncated to the decimals it shows: {@code 1.414}
 * = {@code \sqrt2}, {@code 125.663} = {@code 40\pi}, {@code 0.333} = {@code 1/3}, but {@code 0.33}
 * (two digits) and {@code 0.334} do not match {@code 1/3}. A value with a finite decimal form must
 * be written exactly: {@code 1.12} does not match {@code 9/8}, {@code 5.001} does not match {@code
 * 5}.
 */
final class LooseDecimals {
  static final int MIN_SIGNIFICANT = 4;
  static final int MIN_SIGNIFICANT_GOLD = 5;
  private static final int MAX_DECIMALS = 12;

  private LooseDecimals() {}

  /** The written decimal a (possibly negated) approximate literal stands for, or null. */
  static Rational literal(Expr e) {
    if (e instanceof Num n && n.approximate()) {
      return n.value();
    }
    if (e instanceof Neg neg && neg.operand() instanceof Num n && n.approximate()) {
      return n.value().negate();
    }
    return null;
  }

  /**
   * Whether {@code written} is {@code exact} rounded or truncated to its decimals; never when
   * {@code exact} has a finite decimal form.
   */
  static boolean matches(Rational written, Rational exact) {
    return matches(written, exact, MIN_SIGNIFICANT, true);
  }

  /**
   * A gold written as a decimal stands for an exact answer only when it is that answer rounded to
   * at least {@link #MIN_SIGNIFICANT_GOLD} significant digits: {@code 2.7778e-6} is {@code
   * 1/360000}, but a gold {@code 2.71} is a number in its own right, not {@code e}.
   */
  static boolean goldMatches(Rational written, Rational exact) {
    return matches(written, exact, MIN_SIGNIFICANT_GOLD, false);
  }

  /** As {@link #goldMatches(Rational, Rational)} for an exact value known as a double. */
  static boolean goldMatches(Rational written, Complex exact) {
    return matches(written, exact, MIN_SIGNIFICANT_GOLD, false);
  }

  private static boolean matches(
      Rational written, Rational exact, int minSignificant, boolean truncation) {
    int decimals = decimals(written);
    if (decimals < 0 || decimals(exact) >= 0) {
      return false;
    }
    BigInteger scale = BigInteger.TEN.pow(decimals);
    BigInteger shown = written.numerator().multiply(scale).divide(written.denominator());
    if (shown.abs().toString().length() < minSignificant) {
      return false;
    }
    BigInteger num = exact.numerator().multiply(scale);
    BigInteger den = exact.denominator();
    BigInteger truncated = num.divide(den);
    BigInteger rounded =
        new java.math.BigDecimal(num)
            .divide(new java.math.BigDecimal(den), 0, RoundingMode.HALF_UP)
            .toBigInteger();
    return truncation && shown.equals(truncated) || shown.equals(rounded);
  }

  /** Whether {@code written} is {@code exact} (a double) rounded or truncated to its decimals. */
  static boolean matches(Rational written, Complex exact) {
    return matches(written, exact, MIN_SIGNIFICANT, true);
  }

  private static boolean matches(
      Rational written, Complex exact, int minSignificant, boolean truncation) {
    int decimals = decimals(written);
    if (decimals < 0 || !exact.isReal() || !Double.isFinite(exact.re())) {
      return false;
    }
    double scaled = exact.re() * Math.pow(10, decimals);
    if (Math.abs(scaled) > 1e14) {
      return false;
    }
    BigInteger scale = BigInteger.TEN.pow(decimals);
    long shown = written.numerator().multiply(scale).divide(written.denominator()).longValue();
    if (Long.toString(Math.abs(shown)).length() < minSignificant) {
      return false;
    }
    long truncated = (long) scaled;
    long rounded = (long) Math.floor(Math.abs(scaled) + 0.5) * (scaled < 0 ? -1 : 1);
    return truncation && shown == truncated || shown == rounded;
  }

  /**
   * A copy of {@code loose} with each approximate literal replaced by the constant sub-expression
   * at the same place in {@code exact} it is a rounding of, or null when the trees do not have the
   * same shape or no literal was replaced. {@code value} evaluates a constant (null if it cannot).
   */
  static Expr align(Expr loose, Expr exact, Function<Expr, Complex> value) {
    boolean[] replaced = new boolean[1];
    Expr out = alignInto(loose, exact, value, replaced);
    return out != null && replaced[0] ? out : null;
  }

  private static Expr alignInto(
      Expr loose, Expr exact, Function<Expr, Complex> value, boolean[] replaced) {
    if (loose.equals(exact)) {
      return loose;
    }
    Rational written = literal(loose);
    if (written != null && literal(exact) == null && ExprWalk.variables(exact).isEmpty()) {
      Complex v = value.apply(exact);
      if (v != null && matches(written, v)) {
        replaced[0] = true;
        return exact;
      }
      return null;
    }
    if (loose.getClass() != exact.getClass()) {
      return null;
    }
    List<Expr> a = ExprWalk.children(loose);
    List<Expr> b = ExprWalk.children(exact);
    if (a.size() != b.size() || a.isEmpty()) {
      return null;
    }
    List<Expr> aligned = new ArrayList<>(a.size());
    for (int i = 0; i < a.size(); i++) {
      Expr child = alignInto(a.get(i), b.get(i), value, replaced);
      if (child == null) {
        return null;
      }
      aligned.add(child);
    }
    int[] next = {0};
    return ExprWalk.mapChildren(loose, child -> aligned.get(next[0]++));
  }

  /** Decimals needed to write {@code r} exactly, or -1 when it has no finite decimal form. */
  private static int decimals(Rational r) {
    BigInteger den = r.denominator();
    if (den.bitLength() > 3 * MAX_DECIMALS + 2) {
      return -1;
    }
    int twos = den.getLowestSetBit();
    den = den.shiftRight(twos);
    int fives = 0;
    BigInteger five = BigInteger.valueOf(5);
    while (den.mod(five).signum() == 0) {
      den = den.divide(five);
      fives++;
    }
    if (!den.equals(BigInteger.ONE)) {
      return -1;
    }
    int d = Math.max(twos, fives);
    return d > MAX_DECIMALS ? -1 : d;
  }
}
