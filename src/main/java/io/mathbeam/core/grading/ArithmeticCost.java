package io.mathbeam.core.grading;

import java.math.BigInteger;

/**
 * What big-number arithmetic costs in {@link WorkBudget} units, worked out from the sizes of the
 * operands before the operation runs, so that a huge one is refused rather than timed.
 *
 * <p>A unit is roughly 50-100 ns of work on a 2020s core, the price of one node of a tree walk. The
 * model follows {@link BigInteger}: multiplying or dividing takes about one unit per 16 products of
 * 64-bit words (schoolbook; the faster algorithms for huge operands only make this an upper bound),
 * and every {@link Rational} result is reduced by a gcd whose binary phase takes about 2 units per
 * squared word of its smaller part. So {@code 1/2} costs a few units, {@code 2004!} about 24,000
 * (its loop) and a fraction of two 100,000-bit numbers about 5 million.
 */
final class ArithmeticCost {
  private ArithmeticCost() {}

  /** {@code a + b}, {@code a - b} or a comparison of the two. */
  static long sum(Rational a, Rational b) {
    long an = words(a.numerator());
    long ad = words(a.denominator());
    long bn = words(b.numerator());
    long bd = words(b.denominator());
    return reduced(an * bd + bn * ad + ad * bd, Math.max(an + bd, bn + ad) + 1, ad + bd);
  }

  /** {@code a * b}. */
  static long product(Rational a, Rational b) {
    long an = words(a.numerator());
    long ad = words(a.denominator());
    long bn = words(b.numerator());
    long bd = words(b.denominator());
    return reduced(an * bn + ad * bd, an + bn, ad + bd);
  }

  /** {@code a / b}. */
  static long quotient(Rational a, Rational b) {
    long an = words(a.numerator());
    long ad = words(a.denominator());
    long bn = words(b.numerator());
    long bd = words(b.denominator());
    return reduced(an * bd + ad * bn, an + bd, ad + bn);
  }

  /** A new {@link Rational} of the same size ({@code -a}, {@code |a|}): reduced once more. */
  static long copy(Rational a) {
    return reduced(0, words(a.numerator()), words(a.denominator()));
  }

  /** {@code base^exponent} for an integer exponent; the result's size bounds the squarings. */
  static long power(Rational base, long exponent) {
    long n = Math.abs(exponent);
    long num = poweredWords(base.numerator(), n);
    long den = poweredWords(base.denominator(), n);
    return reduced(num * num + den * den, num, den);
  }

  /**
   * An exact integer root of both parts of {@code x}: Newton steps and powers of the candidates.
   */
  static long root(Rational x) {
    long num = words(x.numerator());
    long den = words(x.denominator());
    return 1 + 4 * (num * num + den * den) / 16;
  }

  /** {@code a / b} of integers (binomials, floor, ceil). */
  static long integerQuotient(BigInteger a, BigInteger b) {
    return 1 + words(a) * words(b) / 16;
  }

  /** The nearest double of {@code x} (a division in {@link java.math.BigDecimal}). */
  static long toDouble(Rational x) {
    long words = words(x.numerator()) + words(x.denominator());
    return 1 + words * words / 16;
  }

  /** One factor of a factorial's loop: one pass over the product's words. */
  static long factorialStep(BigInteger product) {
    return 1 + words(product) / 16;
  }

  /**
   * Multiplications of {@code products} word pairs, then the gcd that reduces a result of {@code
   * num} by {@code den} words: Euclid's divisions over both, then a binary gcd over the smaller.
   */
  private static long reduced(long products, long num, long den) {
    long beyondOneWord = Math.min(num, den) - 1;
    return 1 + (products + num * den) / 16 + 2 * beyondOneWord * beyondOneWord;
  }

  private static long poweredWords(BigInteger x, long exponent) {
    int bits = x.bitLength();
    if (bits <= 1) {
      return 1;
    }
    // a power of two is a shift: its result has exponent * (bits - 1) + 1 bits, others at most this
    long perFactor = x.getLowestSetBit() == bits - 1 ? bits - 1 : bits;
    return (exponent * perFactor + 64) / 64;
  }

  /** 64-bit words of {@code x}, at least one. */
  static long words(BigInteger x) {
    return Math.max(1, (x.bitLength() + 63) / 64);
  }
}
