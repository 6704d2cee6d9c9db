package io.mathbeam.core.grading;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/** An exact fraction of two {@link BigInteger}s, always reduced, denominator positive. */
record Rational(BigInteger numerator, BigInteger denominator) implements Comparable<Rational> {
  static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);
  static final Rational ONE = new Rational(BigInteger.ONE, BigInteger.ONE);

  Rational {
    if (denominator.signum() == 0) {
      throw new ArithmeticException("zero denominator");
    }
    if (denominator.signum() < 0) {
      numerator = numerator.negate();
      denominator = denominator.negate();
    }
    BigInteger gcd = numerator.gcd(denominator);
    if (!gcd.equals(BigInteger.ONE) && gcd.signum() != 0) {
      numerator = numerator.divide(gcd);
      denominator = denominator.divide(gcd);
    }
  }

  static Rational of(long value) {
    return new Rational(BigInteger.valueOf(value), BigInteger.ONE);
  }

  static Rational of(BigInteger value) {
    return new Rational(value, BigInteger.ONE);
  }

  static Rational of(BigDecimal value) {
    if (value.scale() <= 0) {
      return of(value.toBigIntegerExact());
    }
    return new Rational(value.unscaledValue(), BigInteger.TEN.pow(value.scale()));
  }

  boolean isInteger() {
    return denominator.equals(BigInteger.ONE);
  }

  int signum() {
    return numerator.signum();
  }

  Rational add(Rational other) {
    return new Rational(
        numerator.multiply(other.denominator).add(other.numerator.multiply(denominator)),
        denominator.multiply(other.denominator));
  }

  Rational subtract(Rational other) {
    return add(other.negate());
  }

  Rational multiply(Rational other) {
    return new Rational(
        numerator.multiply(other.numerator), denominator.multiply(other.denominator));
  }

  Rational divide(Rational other) {
    return new Rational(
        numerator.multiply(other.denominator), denominator.multiply(other.numerator));
  }

  Rational negate() {
    return new Rational(numerator.negate(), denominator);
  }

  Rational abs() {
    return signum() < 0 ? negate() : this;
  }

  /** Integer power; the caller bounds the exponent. */
  Rational pow(int exponent) {
    if (exponent < 0) {
      return new Rational(denominator.pow(-exponent), numerator.pow(-exponent));
    }
    return new Rational(numerator.pow(exponent), denominator.pow(exponent));
  }

  /** Bits needed for the larger of numerator and denominator. */
  long bitLength() {
    return Math.max(numerator.bitLength(), denominator.bitLength());
  }

  /** The nearest double; infinite or zero when the value is outside double range. */
  double toDouble() {
    return new BigDecimal(numerator)
        .divide(new BigDecimal(denominator), MathContext.DECIMAL64)
        .doubleValue();
  }

  @Override
  public int compareTo(Rational other) {
    return numerator.multiply(other.denominator).compareTo(other.numerator.multiply(denominator));
  }

  @Override
  public String toString() {
    return isInteger() ? numerator.toString() : numerator + "/" + denominator;
  }
}
