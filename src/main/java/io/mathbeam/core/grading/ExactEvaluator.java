package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.Power;
import io.mathbeam.core.grading.Expr.Product;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Sum;
import java.math.BigInteger;

/**
 * Evaluates a constant expression to an exact {@link Rational} when it is one: integers, decimals,
 * fractions, integer powers, perfect-power roots, factorials, binomials, abs, floor, ceil. Returns
 * null for anything else (variables, pi, irrational roots). Results are capped at {@link #MAX_BITS}
 * bits and factorials at {@link #MAX_FACTORIAL}; past that it throws {@link GradingLimitException}
 * instead of computing {@code 10^{10^{10}}}. Every node, arithmetic operation (by the size of its
 * operands) and factorial step is charged to the call's {@link WorkBudget} before it is done.
 */
final class ExactEvaluator {
  static final long MAX_BITS = 1L << 18;
  static final int MAX_FACTORIAL = 5000;
  private static final BigInteger MAX_INT = BigInteger.valueOf(Integer.MAX_VALUE);

  private final WorkBudget budget;

  ExactEvaluator(WorkBudget budget) {
    this.budget = budget;
  }

  Rational evaluate(Expr e) {
    budget.charge(1);
    if (e instanceof Num n) {
      return n.value();
    }
    if (e instanceof Neg n) {
      Rational v = evaluate(n.operand());
      if (v == null) {
        return null;
      }
      budget.charge(ArithmeticCost.copy(v));
      return v.negate();
    }
    if (e instanceof Sum s) {
      Rational total = Rational.ZERO;
      for (Expr term : s.terms()) {
        Rational v = evaluate(term);
        if (v == null) {
          return null;
        }
        budget.charge(ArithmeticCost.sum(total, v));
        total = checked(total.add(v));
      }
      return total;
    }
    if (e instanceof Product p) {
      Rational total = Rational.ONE;
      for (Expr factor : p.factors()) {
        Rational v = evaluate(factor);
        if (v == null) {
          return null;
        }
        budget.charge(ArithmeticCost.product(total, v));
        total = checked(total.multiply(v));
      }
      return total;
    }
    if (e instanceof Quotient q) {
      Rational num = evaluate(q.numerator());
      Rational den = num == null ? null : evaluate(q.denominator());
      if (den == null || den.signum() == 0) {
        return null;
      }
      budget.charge(ArithmeticCost.quotient(num, den));
      return checked(num.divide(den));
    }
    if (e instanceof Power p) {
      Rational base = evaluate(p.base());
      Rational exponent = base == null ? null : evaluate(p.exponent());
      return exponent == null ? null : power(base, exponent);
    }
    if (e instanceof Call c) {
      return call(c);
    }
    return null;
  }

  private Rational call(Call c) {
    switch (c.function()) {
      case "sqrt":
        {
          Rational x = evaluate(c.args().get(0));
          return x == null ? null : root(x, 2);
        }
      case "root":
        {
          Rational x = evaluate(c.args().get(0));
          Rational n = x == null ? null : evaluate(c.args().get(1));
          if (n == null || !n.isInteger() || n.signum() <= 0 || n.numerator().bitLength() > 7) {
            return null;
          }
          return root(x, n.numerator().intValue());
        }
      case "factorial":
        {
          Rational n = evaluate(c.args().get(0));
          if (n == null || !n.isInteger() || n.signum() < 0) {
            return null;
          }
          return Rational.of(factorial(n.numerator(), BigInteger.ONE));
        }
      case "binom":
        {
          Rational n = evaluate(c.args().get(0));
          Rational k = n == null ? null : evaluate(c.args().get(1));
          if (k == null || !n.isInteger() || !k.isInteger() || n.signum() < 0 || k.signum() < 0) {
            return null;
          }
          if (k.compareTo(n) > 0) {
            return Rational.ZERO;
          }
          BigInteger kk = k.numerator().min(n.numerator().subtract(k.numerator()));
          BigInteger top =
              factorialRange(n.numerator().subtract(kk).add(BigInteger.ONE), n.numerator());
          BigInteger bottom = factorial(kk, BigInteger.ONE);
          budget.charge(ArithmeticCost.integerQuotient(top, bottom));
          return Rational.of(top.divide(bottom));
        }
      case "abs":
        {
          Rational x = evaluate(c.args().get(0));
          if (x == null) {
            return null;
          }
          budget.charge(ArithmeticCost.copy(x));
          return x.abs();
        }
      case "floor", "ceil":
        {
          Rational x = evaluate(c.args().get(0));
          if (x == null) {
            return null;
          }
          budget.charge(ArithmeticCost.integerQuotient(x.numerator(), x.denominator()));
          BigInteger[] qr = x.numerator().divideAndRemainder(x.denominator());
          BigInteger q = qr[0];
          if (qr[1].signum() != 0) {
            if (c.function().equals("floor") && x.signum() < 0) {
              q = q.subtract(BigInteger.ONE);
            } else if (c.function().equals("ceil") && x.signum() > 0) {
              q = q.add(BigInteger.ONE);
            }
          }
          return Rational.of(q);
        }
      default:
        return null;
    }
  }

  private Rational power(Rational base, Rational exponent) {
    if (exponent.isInteger()) {
      if (base.signum() == 0) {
        return exponent.signum() > 0 ? Rational.ZERO : exponent.signum() == 0 ? Rational.ONE : null;
      }
      if (base.abs().equals(Rational.ONE)) {
        boolean odd = exponent.numerator().testBit(0);
        return base.signum() > 0 || odd ? base : Rational.ONE;
      }
      BigInteger n = exponent.numerator().abs();
      if (n.compareTo(MAX_INT) > 0 || n.longValue() * base.bitLength() > MAX_BITS) {
        throw new GradingLimitException("power too large: exponent " + exponent);
      }
      budget.charge(ArithmeticCost.power(base, n.longValue()));
      return base.pow(exponent.numerator().intValue());
    }
    BigInteger den = exponent.denominator();
    if (den.bitLength() > 7 || base.signum() < 0) {
      return null;
    }
    Rational root = root(base, den.intValue());
    return root == null ? null : power(root, Rational.of(exponent.numerator()));
  }

  /** The exact n-th root when numerator and denominator are perfect powers, else null. */
  private Rational root(Rational x, int n) {
    budget.charge(ArithmeticCost.root(x));
    if (x.signum() < 0) {
      if (n % 2 == 0) {
        return null;
      }
      Rational r = root(x.negate(), n);
      return r == null ? null : r.negate();
    }
    BigInteger num = integerRoot(x.numerator(), n);
    BigInteger den = num == null ? null : integerRoot(x.denominator(), n);
    return den == null ? null : new Rational(num, den);
  }

  private static BigInteger integerRoot(BigInteger value, int n) {
    if (value.signum() == 0 || value.equals(BigInteger.ONE)) {
      return value;
    }
    BigInteger guess;
    if (n == 2) {
      guess = value.sqrt();
    } else {
      if (value.bitLength() > 1000) {
        return null;
      }
      guess = BigInteger.valueOf(Math.round(Math.pow(value.doubleValue(), 1.0 / n)));
    }
    for (BigInteger candidate :
        new BigInteger[] {guess, guess.add(BigInteger.ONE), guess.subtract(BigInteger.ONE)}) {
      if (candidate.signum() > 0 && candidate.pow(n).equals(value)) {
        return candidate;
      }
    }
    return null;
  }

  private BigInteger factorial(BigInteger n, BigInteger from) {
    if (n.compareTo(BigInteger.valueOf(MAX_FACTORIAL)) > 0) {
      throw new GradingLimitException("factorial too large: " + n + "!");
    }
    return factorialRange(from.max(BigInteger.ONE), n);
  }

  private BigInteger factorialRange(BigInteger from, BigInteger to) {
    if (to.subtract(from).compareTo(BigInteger.valueOf(MAX_FACTORIAL)) > 0 || to.bitLength() > 62) {
      throw new GradingLimitException("product too large: " + from + ".." + to);
    }
    BigInteger result = BigInteger.ONE;
    for (long i = from.longValue(); i <= to.longValue(); i++) {
      budget.charge(ArithmeticCost.factorialStep(result));
      result = result.multiply(BigInteger.valueOf(i));
    }
    return result;
  }

  private static Rational checked(Rational r) {
    if (r.bitLength() > MAX_BITS) {
      throw new GradingLimitException("intermediate result too large");
    }
    return r;
  }
}
